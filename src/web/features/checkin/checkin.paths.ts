// The check-in screens' API paths (decision 027: a feature's own, not in the shell).

const session = (id: string) => `/api/checkin/sessions/${encodeURIComponent(id)}`;

export const checkinApiPaths = {
  home: '/api/checkin',
  children: '/api/checkin/children',
  sessions: '/api/checkin/sessions',
  screen: (id: string) => `${session(id)}/screen`,
  members: (id: string) => `${session(id)}/members`,
  sessionChildren: (id: string) => `${session(id)}/children`,
  pickup: (id: string) => `${session(id)}/pickup`,
  adminSessions: '/api/admin/checkin/sessions',
  attendance: '/api/admin/checkin/attendance',
  attendanceCsv: '/api/admin/checkin/attendance.csv',
  ushers: '/api/admin/checkin/ushers',
  usher: (id: string) => `/api/admin/checkin/ushers/${encodeURIComponent(id)}`,
} as const;

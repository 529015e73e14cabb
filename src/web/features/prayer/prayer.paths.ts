// The prayer wall's API paths (decision 027: a feature's own, not in the shell).

const id = (value: string) => encodeURIComponent(value);

export const prayerApiPaths = {
  wall: '/api/prayer',
  request: (requestId: string) => `/api/prayer/${id(requestId)}`,
  prayed: (requestId: string) => `/api/prayer/${id(requestId)}/prayed`,
  answer: (requestId: string) => `/api/prayer/${id(requestId)}/answer`,
  report: (requestId: string) => `/api/prayer/${id(requestId)}/report`,
  moderation: '/api/prayer/moderation',
  decision: (requestId: string) => `/api/prayer/${id(requestId)}/decision`,
  restore: (requestId: string) => `/api/prayer/${id(requestId)}/restore`,
} as const;

// The devotional screens' API paths (decision 027: a feature's own, not in the shell).

export const devotionalApiPaths = {
  devotionalWeeks: '/api/devotional/weeks',
  devotionalWeek: (weekId: number) => `/api/devotional/weeks/${weekId}`,
  devotionalDay: (weekId: number, day: number) => `/api/devotional/weeks/${weekId}/days/${day}`,
  adminDevotionalWeeks: '/api/admin/devotional/weeks',
  adminDevotionalWeek: (weekId: number) => `/api/admin/devotional/weeks/${weekId}`,
  adminDevotionalDay: (weekId: number, day: number) =>
    `/api/admin/devotional/weeks/${weekId}/days/${day}`,
} as const;

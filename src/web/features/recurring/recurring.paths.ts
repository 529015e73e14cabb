// The recurring-gift screens' API paths (decision 027: a feature's own, not in the shell).

export const recurringApiPaths = {
  schedules: '/api/giving/schedules',
  schedule: (id: string) => `/api/giving/schedules/${encodeURIComponent(id)}`,
  action: (id: string, action: 'pause' | 'resume' | 'stop' | 'amount' | 'card-link') =>
    `/api/giving/schedules/${encodeURIComponent(id)}/${action}`,
} as const;

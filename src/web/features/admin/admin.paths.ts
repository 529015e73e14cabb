// The admin screens' API paths (decision 027: a feature's own, not in the shell).

export const adminApiPaths = {
  adminApplications: '/api/admin/applications',
  adminApplication: (id: string) => `/api/admin/applications/${encodeURIComponent(id)}`,
  adminApplicationDecision: (id: string) =>
    `/api/admin/applications/${encodeURIComponent(id)}/decision`,
  adminUsers: '/api/admin/users',
} as const;

// The sermons screens' API paths (decision 027: a feature's own, not in the shell).

export const sermonsApiPaths = {
  sermons: '/api/sermons',
  sermon: (id: string) => `/api/sermons/${encodeURIComponent(id)}`,
  adminSermons: '/api/admin/sermons',
  adminSermon: (id: string) => `/api/admin/sermons/${encodeURIComponent(id)}`,
  adminSermonOrder: '/api/admin/sermons/order',
} as const;

// The support screens' API paths (decision 027: a feature's own, not in the shell).

export const supportApiPaths = {
  support: '/api/support',
} as const;

// The workers screens' API paths (decision 027: a feature's own, not in the shell).

export const workersApiPaths = {
  workersGate: '/api/workers/gate',
  workersStatus: '/api/workers/status',
  workersApplication: '/api/workers/application',
  workersFiles: '/api/workers/files',
  workersApplications: '/api/workers/applications',
} as const;

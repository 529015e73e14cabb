// The notification settings' API paths (decision 027: a feature's own, not in the shell).

export const notificationApiPaths = {
  settings: '/api/notifications/settings',
  quietHours: '/api/notifications/quiet-hours',
  devices: '/api/notifications/devices',
} as const;

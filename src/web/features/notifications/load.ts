// The parts of notifications other features load when they need them, each in a chunk of its
// own (decision 041): the profile screen's section, and this device's subscription at a logout
// in a browser that allowed notifications.
export const loadNotificationsSection = () => import('./NotificationsSection.tsx');
export const loadDevice = () => import('./device.ts');

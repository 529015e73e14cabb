// What other features use of notifications (docs/architecture.md "Web"): re-exports only.
export { loadDevice, loadNotificationsSection } from './load.ts';

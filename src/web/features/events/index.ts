// What other features use of events (docs/architecture.md "Web"): re-exports only.
export { useEvents } from './events.api.ts';

// What other features use of recurring (docs/architecture.md "Web"): re-exports only.
export { useSchedule } from './recurring.api.ts';
export { RecurringSummary } from './RecurringSummary.tsx';

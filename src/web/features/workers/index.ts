// What other features use of workers (docs/architecture.md "Web"): re-exports only.
export { ApplicationAnswers } from './ApplicationAnswers.tsx';

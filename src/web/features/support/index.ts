// What other features use of support (docs/architecture.md "Web"): re-exports only.
export { SupportButton } from './SupportButton.tsx';

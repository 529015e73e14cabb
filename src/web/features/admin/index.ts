// What other features use of admin (docs/architecture.md "Web"): re-exports only.
export { AdminItem, ContentForm, ItemButtons, useRemoval } from './content-editing.tsx';
export { MoveButtons, useMoves } from './MoveButtons.tsx';

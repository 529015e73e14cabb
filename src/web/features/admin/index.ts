// What other features use of admin (docs/architecture.md "Web"): re-exports only.
export {
  AdminItem,
  ContentForm,
  ContentPage,
  ItemButtons,
  LINK_INPUT,
  TEXT_INPUT,
  useRemoval,
} from './content-editing.tsx';
export { MoveButtons, useMoves } from './MoveButtons.tsx';

// What other features use of profile (docs/architecture.md "Web"): re-exports only.
export { FlashMessage } from './FlashMessage.tsx';
export { useProfile } from './profile.api.ts';
export { useFlashMessage } from './useFlashMessage.ts';

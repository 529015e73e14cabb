import type { ComponentType } from 'react';

// This feature's screens (and guard) with their route rows, loaded with the first of them: few
// members open them, so neither their rows nor their loaders are in the entry every member
// downloads (router.tsx fetches them for an address whose first segment is one of theirs).
export const pages = import.meta.glob<Record<string, ComponentType>>([
  './*Page.tsx',
  './Require*.tsx',
]);
export { screens } from './prayer.screens.ts';

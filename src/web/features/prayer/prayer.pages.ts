import type { ComponentType } from 'react';

// This feature's screens (and guard), loaded with the first of them: few members open them, so
// their loaders are not in the entry every member downloads (router.tsx).
export const pages = import.meta.glob<Record<string, ComponentType>>([
  './*Page.tsx',
  './Require*.tsx',
]);

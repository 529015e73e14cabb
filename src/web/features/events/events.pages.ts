import type { ComponentType } from 'react';

// The event screens, loaded with the first of them: their loaders are not in the entry every
// member downloads (router.tsx).
export const pages = import.meta.glob<Record<string, ComponentType>>(['./*Page.tsx']);

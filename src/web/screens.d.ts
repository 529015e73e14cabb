// The virtual module of scripts/find-screens.ts (decision 061): what the router may load.

declare module 'virtual:screens' {
  import type { ComponentType } from 'react';
  type Module = Record<string, ComponentType>;
  /** A loader for each module of the shell's screens, by its path under src/web. */
  export const shellModules: Record<string, () => Promise<Module>>;
  /** Each screen group: its first segments, and its `<name>.pages.ts`. */
  export const groups: Record<
    string,
    {
      segments: string[];
      load: () => Promise<{
        pages: Record<string, () => Promise<Module>>;
        // (A relative import cannot stand in an ambient module, and a top-level one would
        // make this declaration an augmentation.)
        // eslint-disable-next-line @typescript-eslint/consistent-type-imports
        screens: import('./routes.ts').Screen[];
      }>;
    }
  >;
}

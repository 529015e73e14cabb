import { z } from 'zod';

// What the build tells the server to announce in the <head> of a page of the web app
// (decision 018): for each route, the built files its first screen loads and the public
// answers it asks for at once, so the browser fetches them with the page instead of one
// round trip after another. Written by the build (scripts/page-hints.ts, from the table in
// src/web/route-hints.ts), read by the server (src/server/http/pages.ts).

/** Where the build writes it, under the web app's output folder (not served: a dot folder). */
export const PAGE_HINTS_FILE = '.vite/page-hints.json';

export const dataHintSchema = z.object({
  /** An API path the screen asks for; `:name` stands for the route's parameter of that name. */
  path: z.string().startsWith('/api/'),
  /**
   * For each parameter in `path`, the whole-value pattern (a regular expression's source) a
   * value must match for the screen to ask for it. Only characters that need no escaping in a
   * URL: the value goes into the path as it is. A value that does not match gets no hint.
   */
  params: z.record(z.string(), z.string()).optional(),
});
export type DataHint = z.infer<typeof dataHintSchema>;

export const pageHintsSchema = z.object({
  routes: z.array(
    z.object({
      /** A route pattern of the web app (src/web/paths.ts). */
      pattern: z.string().startsWith('/'),
      /** Module scripts to preload, beyond the entry's own (which index.html already lists). */
      scripts: z.array(z.string().startsWith('/assets/')),
      /** Style sheets to preload, beyond the entry's. */
      styles: z.array(z.string().startsWith('/assets/')),
      data: z.array(dataHintSchema),
    }),
  ),
});
export type PageHints = z.infer<typeof pageHintsSchema>;

// The web app's base layer (docs/architecture.md "Web"): the files under src/web that import
// no core, component, feature or shell module. One list for the import graph's check
// (scripts/import-graph.ts) and the editor's lint zones (eslint.config.js).
export const WEB_BASE = [
  'api.ts',
  'paths.ts',
  'resource.ts',
  'drafts.ts',
  'use-draft.ts',
  'page-answers.ts',
  'push.ts',
  'drawn-page.ts',
];

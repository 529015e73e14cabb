import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { WEB_BASE } from './scripts/web-layers.ts';

// The message catalogue (decision 042): each page calls its messages by name, m.<key>(), so
// the bundler keeps a message only in the chunks of the routes that use it.
const catalogueSyntax = {
  // (m[1] of a regular expression's match is not a message.)
  selector:
    'MemberExpression[computed=true][object.name="m"]:not([property.type="Literal"][property.raw=/^\\d+$/])',
  message: 'Call a message by name, m.<key>(): m[...] keeps every message in this chunk.',
};
const catalogueImports = {
  group: ['**/paraglide/messages/*'],
  message:
    "Import { m } from 'paraglide/messages.js' and call m.<key>(): the per-message and per-locale files are the compiler's.",
};

// The web app's layers (docs/architecture.md "Web"), lowest first: base (api.ts, paths.ts …) →
// core/ → components/ → features/ → the app shell. scripts/import-graph.ts checks the same with
// the unit tests; these zones say it in the editor.
const webShell = ['main.tsx', 'router.tsx', 'Layout.tsx', 'PageData.tsx', 'prerender.tsx'].map(
  (file) => `./src/web/${file}`,
);
const webBase = WEB_BASE.map((file) => `./src/web/${file}`);
const webFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  {
    target: webBase,
    from: ['./src/web/core', './src/web/components', './src/web/features', ...webShell],
    message: 'The web base (api, paths, resource, drafts) is below core, components and features.',
  },
  {
    target: './src/web/core',
    from: ['./src/web/components', './src/web/features', ...webShell, './src/web/routes.ts'],
    message:
      'core/ (session, member, church) is what features share: it imports no feature, component or shell file.',
  },
  {
    target: './src/web/components',
    from: ['./src/web/features', ...webShell, './src/web/routes.ts'],
    message: 'A component is shared by features: take what it needs from core/ or as props.',
  },
  {
    target: './src/web/features',
    from: webShell,
    message: 'The app shell imports features, not the other way round.',
  },
  // A feature reaches another only through its public entry, features/<name>/index.ts.
  ...webFeatures.map((name) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features/**',
    // Stylesheets are still shared across a few features (docs/decisions/DRAFT-web-core.md).
    except: [`**/src/web/features/${name}/**`, '**/src/web/features/*/index.ts', '**/*.css'],
    message: 'Import another feature through its index.ts (what it offers others).',
  })),
];

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'data', '.tmp', 'src/server/db/migrations', 'src/paraglide'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', catalogueSyntax],
      'no-restricted-imports': ['error', { patterns: [catalogueImports] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // The web app and the server never import each other; shared imports neither.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/web',
              from: './src/server',
              message: 'The web app must not import server code.',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server must not import web code.',
            },
            {
              target: './src/shared',
              from: './src/server',
              message: 'shared/ is imported by both sides; it imports neither.',
            },
            {
              target: './src/shared',
              from: './src/web',
              message: 'shared/ is imported by both sides; it imports neither.',
            },
            // Type imports count here (import-x/no-cycle skips them): a type-only cycle
            // between the context and a feature came in that way.
            {
              target: './src/server/platform',
              from: ['./src/server/context.ts', './src/server/app.ts', './src/server/features'],
              message:
                'A platform piece does not know the app: take what it needs as arguments or options.',
            },
            {
              target: './src/server/context.ts',
              from: './src/server/features',
              message:
                'Features import the context, so it names only platform pieces (a feature type here makes a cycle).',
            },
            {
              target: './src/server/testing',
              from: './src/server/security',
              message:
                'Test helpers, fakes and data live in testing/; security/ holds the security tests.',
            },
            ...webZones,
          ],
        },
      ],
    },
  },
  {
    // A handler inside a route plugin runs per request: a zod schema built there is built
    // (and compiled) on every request. Build it once, at the top of the file.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        catalogueSyntax,
        {
          selector: ':function :function CallExpression[callee.object.name="z"]',
          message: 'Build zod schemas once, outside the request handler.',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The toast library loads with the first toast (decision 010): screens use Toasts.tsx.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-toastify',
              allowTypeImports: true,
              message: 'Use toast from components/Toasts.tsx: it loads the library on demand.',
            },
          ],
          patterns: [catalogueImports],
        },
      ],
    },
  },
  {
    files: ['src/web/components/ToastArea.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [catalogueImports] }] },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);

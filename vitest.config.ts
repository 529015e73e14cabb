import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { phoneMetadata } from './scripts/phone-metadata.ts';

/** What both kinds of test file share. */
const shared = {
  pool: 'forks',
  // Every core (Vitest's default leaves one idle: on two cores, one file at a time). The
  // files are independent (each its own database); decision 049.
  maxWorkers: os.availableParallelism(),
  testTimeout: 30_000,
  hookTimeout: 60_000,
  allowOnly: false,
} satisfies TestProjectInlineConfiguration['test'];

/** The web's tests that need Vite: its virtual modules, `vi.mock`, `import.meta.glob`. */
const viteTests = [
  'src/web/**/*.test.ts',
  'scripts/phone-metadata.test.ts',
  // It draws the web app's screens (src/web/prerender.tsx), TSX that only Vite compiles here.
  'src/server/pages/pages.test.ts',
];

// Each test runs its code the way production does (decision 060): the server and the scripts
// on Node itself, which strips the types (as `npm start` does), with the start's resolver and
// compile cache; the web app's modules through Vite, as the build does.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: viteTests,
          globalSetup: ['src/server/testing/global-setup.ts'],
          execArgv: ['--import', './src/server/testing/preload.ts'],
          experimental: { viteModuleRunner: false, nodeLoader: false },
        },
      },
      {
        // The phone input's virtual modules, for the tests of the phone engine.
        plugins: [phoneMetadata()],
        test: {
          ...shared,
          name: 'vite',
          include: viteTests,
          globalSetup: ['src/server/testing/global-setup.ts'],
        },
      },
    ],
  },
});

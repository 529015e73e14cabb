import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { phoneMetadata } from './scripts/phone-metadata.ts';
import { screensPlugin } from './scripts/find-screens.ts';

/**
 * Files that take minutes, longest first. Vitest starts first what its cache of past runs says
 * is slow; a clean clone (CI) has no cache, so it goes by size, and these small files came
 * last: two cores' worth of fuzzing ran alone at the end (decision 060).
 */
const slowFirst = [
  'src/server/features/accounts/sign-in-limits.test.ts',
  'src/server/security/fuzz-',
  'src/server/features/accounts/accounts.test.ts',
  'src/server/main.test.ts',
  'src/server/platform/shutdown.test.ts',
  'src/server/security/crash.test.ts',
];
const rank = (file: TestSpecification) => {
  const at = slowFirst.findIndex((start) => file.moduleId.includes(start));
  return at === -1 ? slowFirst.length : at;
};

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    // Stable: within a rank, Vitest's own order.
    return sorted
      .map((file, at) => ({ file, at }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at)
      .map(({ file }) => file);
  }
}

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
    sequence: { sequencer: SlowFirst },
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
          isolate: false,
        },
      },
      {
        // The phone input's virtual modules, for the tests of the phone engine; the router's.
        plugins: [phoneMetadata(), screensPlugin()],
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

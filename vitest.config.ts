import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { phoneMetadata } from './scripts/phone-metadata.ts';

export default defineConfig({
  // The phone input's virtual modules, for the tests of the phone engine.
  plugins: [phoneMetadata()],
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    pool: 'forks',
    // Every core (Vitest's default leaves one idle: on two cores, one file at a time). The
    // files are independent (each its own database); decision 049.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    allowOnly: false,
  },
});

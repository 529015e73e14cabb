import { defineConfig } from 'vitest/config';

// The cluster's kill-under-load test (issue 36, decision 048): its own run, after the other
// suites and alone on the machine (it loads every core for a minute), PostgreSQL only.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    allowOnly: false,
  },
});

import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';

// No test runner here: the benches build their apps with it too.

/**
 * The configuration an app built in a test or a bench runs with: quiet, no background job,
 * the repository's sample content, its files and secrets in `dataDir`; `env` adds or overrides.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CONTENT_DIR: path.resolve(import.meta.dirname, '../../../content'),
    RECONCILE_INTERVAL_SECONDS: '0',
    JOBS_INTERVAL_SECONDS: '0',
    ...env,
  });
}

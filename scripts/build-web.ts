// `npm run build`: the web app in each language (decision 043), English first: another
// language's build puts its own hashed files beside English's (vite.config.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { LANGUAGES } from '../src/shared/languages.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Builds every language; false when one failed (its messages are above). */
export function buildWeb(extraArgs: string[] = []): boolean {
  for (const language of LANGUAGES) {
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/vite'),
      ['build', '--config', 'vite.config.ts', ...extraArgs],
      { cwd: root, stdio: 'inherit', env: { ...process.env, FLOCK_LOCALE: language } },
    );
    if (result.status !== 0) return false;
  }
  return true;
}

if (import.meta.main) process.exit(buildWeb(process.argv.slice(2)) ? 0 : 1);

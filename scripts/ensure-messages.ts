// The message catalogue's code (src/paraglide, decision 042) is generated, not committed. npm's
// pre-hooks compile it before build, typecheck, tests and start; this compiles it when it is
// missing for the runs that skip them (`npx vitest`, `npx playwright`, the e2e harness).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function ensureMessages() {
  if (fs.existsSync(path.join(root, 'src/paraglide/messages.js'))) return;
  const result = spawnSync('npm', ['run', '--silent', 'messages'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('The message catalogue did not compile (npm run messages).');
}

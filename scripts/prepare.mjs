// Run by `npm install` and `npm ci` after install-note.mjs (package.json "postinstall"): compiles
// the message catalogue and builds the web app now, so that the first `npm start` opens in
// seconds instead of building for a minute (decision 049). Plain JavaScript, like install-note.mjs.
// Skipped where the sources are not there yet (the image's install layer) or the project's Node
// is missing; never fails the install: `npm start` builds what is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const script = path.join(root, 'scripts/ensure-web-build.ts');
const major = Number(/^v(\d+)/.exec(process.version)?.[1]);

if (fs.existsSync(script) && major >= 24) {
  const result = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.warn('flock: the web app did not build during install; `npm start` will try again.');
  }
}

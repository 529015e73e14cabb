// `npm start` runs this first: builds the web app when it was never built or its sources
// changed since the last build, so a fresh clone needs only `npm install && npm start`.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, webDirOf } from '../src/shared/languages.ts';
import { PAGES_FILE } from '../src/shared/pages.ts';
import { buildWeb } from './build-web.ts';
import { ensureMessages } from './ensure-messages.ts';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/web/.build-stamp');
const sources = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  // It writes part of the build (decision 018).
  'scripts/page-build.ts',
  // The checks every build shares (no plugin timings report).
  'scripts/quiet-build.ts',
  'package-lock.json',
  // The message catalogue (decision 042), compiled into src/paraglide.
  'messages',
  'project.inlang',
];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

ensureMessages();
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));

// Every language's build (decision 043).
const complete = LANGUAGES.every((language) =>
  fs.existsSync(path.join(webDirOf(path.join(root, 'dist/web'), language), PAGES_FILE)),
);

if (built === 0 || changed > built || !complete) {
  console.log(
    built === 0 ? 'Building the web app (first start)…' : 'Web sources changed: rebuilding…',
  );
  if (!buildWeb(['--logLevel', 'warn'])) {
    console.error('The web app did not build; see the messages above.');
    process.exit(1);
  }
  fs.writeFileSync(stamp, new Date().toISOString() + '\n');
}

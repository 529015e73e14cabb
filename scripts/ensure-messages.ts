// The message catalogue's code (src/paraglide, decision 042) is generated, not committed.
// Compiling it takes ~10 s and ~700 MB, so it is compiled only when what it is made from
// changed (decision 049): the messages, the inlang project, the compile command and the
// compiler's version, hashed into a stamp beside the output. Run by install, build, start,
// tests, typecheck and lint; when the stamp matches it costs a few milliseconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..');
const outDir = path.join(projectRoot, 'src/paraglide');
const stampFile = path.join(outDir, '.inputs-hash');

/** A hash of every input of `npm run messages` in the project at `root`. */
export function messagesInputsHash(root = projectRoot): string {
  const hash = createHash('sha256');
  const add = (file: string) => {
    hash.update(path.relative(root, file));
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : 'missing');
  };
  const settingsFile = path.join(root, 'project.inlang/settings.json');
  add(settingsFile);
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as {
    locales: string[];
    'plugin.inlang.messageFormat': { pathPattern: string };
  };
  for (const locale of settings.locales) {
    add(
      path.join(
        root,
        settings['plugin.inlang.messageFormat'].pathPattern.replace('{locale}', locale),
      ),
    );
  }
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  hash.update(String(scripts.messages));
  add(path.join(root, 'node_modules/@inlang/paraglide-js/package.json'));
  add(path.join(root, 'node_modules/@inlang/plugin-message-format/package.json'));
  return hash.digest('hex');
}

/** True when src/paraglide was compiled from the current inputs. */
export function messagesUpToDate(hash = messagesInputsHash()): boolean {
  return (
    fs.existsSync(path.join(outDir, 'messages.js')) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8').trim() === hash
  );
}

/** Compiles the catalogue when its inputs changed since the last compile; true if it did. */
export function ensureMessages(): boolean {
  const hash = messagesInputsHash();
  if (messagesUpToDate(hash)) return false;
  fs.rmSync(stampFile, { force: true }); // an interrupted compile must not look finished
  const result = spawnSync('npm', ['run', '--silent', 'messages'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error('The message catalogue did not compile (npm run messages).');
  fs.writeFileSync(stampFile, `${hash}\n`);
  return true;
}

if (import.meta.main) ensureMessages();

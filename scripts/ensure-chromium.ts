// The browser suite drives Debian's Chromium; it never downloads a browser of its own.
// When none is found it installs Debian's package where it can (root with apt-get), and
// otherwise stops with a message: the suite must never pass by being skipped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

if (!fs.existsSync(chromiumPath)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is ${chromiumPath}, but there is no file there.`);
    process.exit(1);
  }
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package (about 30 s)…");
    const ok =
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
    if (!ok || !fs.existsSync(chromiumPath)) {
      console.error('Installing chromium with apt-get failed; see the messages above.');
      process.exit(1);
    }
  } else {
    console.error(
      [
        `The browser tests need Chromium at ${chromiumPath}, and there is none.`,
        'Install it (Debian/Ubuntu: sudo apt-get install chromium), or point CHROMIUM_PATH',
        'at a Chromium or Chrome binary. The browser suite is never skipped.',
      ].join('\n'),
    );
    process.exit(1);
  }
}

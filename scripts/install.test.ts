import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript, run by npm on whichever Node it finds (no types)
import { installNote } from './install-note.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

// What `npm install` prints on a machine whose own Node is older than the project's (issue 30,
// decision 030). Checked by hand too: `git clone . /tmp/fresh && cd /tmp/fresh && npm install`.
describe('a fresh install', () => {
  it("reviews every dependency's install script (no 'install-scripts' advisory; npm 12 runs only these)", () => {
    const { allowScripts = {} } = read('package.json') as {
      allowScripts?: Record<string, boolean>;
    };
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
    };
    const unreviewed = Object.entries(lock.packages)
      .filter(([where, p]) => where !== '' && p.hasInstallScript)
      .map(([where, p]) => ({ name: where.split('node_modules/').at(-1)!, version: p.version }))
      .filter((p) => !(p.name in allowScripts) && !(`${p.name}@${p.version}` in allowScripts));
    expect(unreviewed).toEqual([]);
  });

  it("says once that the engine warnings of npm's own older Node are expected, and why", () => {
    const note = installNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', 'v24.21.0');
    expect(note).toMatch(/'Unsupported engine' \(EBADENGINE\) warnings above are expected/);
    expect(note).toContain('Node v20.20.2');
    expect(note).toContain('Node v24.21.0');
    // npm on Node 24 prints no such warnings: nothing to say.
    expect(installNote('npm/11.6.0 node/v24.21.0 linux x64', 'v24.21.0')).toBeNull();
  });

  it("warns when the project's own Node 24 did not install", () => {
    expect(installNote('npm/11.19.1 node/v20.20.2 linux x64', 'v20.20.2')).toMatch(
      /the project's Node 24 is missing/,
    );
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 49: a new feature (one screen, one API route, one job, its matrix rows) is added
// touching only its two folders, the texts and a tile. Done in a copy of src/ (node_modules
// linked), then checked in a Node process of its own: the server finds the manifest, the route
// answers, the job runner has the handler, the matrix has the rows, the build's screen list
// (scripts/find-screens.ts) has the screen and the browser's router (`virtual:screens`) its
// group. Prints the files the feature added or changed.

const root = path.resolve(import.meta.dirname, '..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-new-feature-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

/** The new feature's files, by path in the repository. */
const added: Record<string, string> = {
  'src/server/features/notes/notes.feature.ts': `import type { Feature } from '../../core/feature.ts';
import { notesRoutes } from './notes.routes.ts';

export const notesFeature = {
  name: 'notes',
  routes: notesRoutes,
  jobs: () => ({ 'notes.tidy': async () => {} }),
  matrix: () => import('./notes.matrix.ts'),
} satisfies Feature;
`,
  'src/server/features/notes/notes.routes.ts': `import type { FastifyPluginAsync } from 'fastify';

export const notesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/notes', async () => ({ notes: [] }));
};
`,
  'src/server/features/notes/notes.matrix.ts': `import { publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

export const rows: MatrixRows = {
  'GET /api/notes': [{ request: () => ({ url: '/api/notes' }), expect: publicRoute() }],
};
`,
  'src/web/features/notes/NotesPage.tsx': `export function NotesPage() {
  return <main>Notes</main>;
}
`,
  'src/web/features/notes/notes.screens.ts': `import type { Screen } from '../../routes.ts';

export const screens: Screen[] = [{ pattern: '/notes', page: 'features/notes/NotesPage.tsx' }];
`,
  'src/web/features/notes/notes.pages.ts': `import type { ComponentType } from 'react';

export const pages = import.meta.glob<Record<string, ComponentType>>(['./*Page.tsx']);
export { screens } from './notes.screens.ts';
`,
};

/** Run in the copy: what the app would register. */
const check = `
import Fastify from 'fastify';
import { features } from './src/server/features/index.ts';
import { composeMatrix } from './src/server/testing/authorization-matrix.ts';
import { allScreens, screensModuleSource } from './scripts/find-screens.ts';
const notes = features.find((feature) => feature.name === 'notes');
const app = Fastify();
await app.register(notes.routes, { ctx: {}, options: {} });
const answer = await app.inject({ url: '/api/notes' });
const matrix = await composeMatrix(features);
console.log(JSON.stringify({
  status: answer.statusCode,
  jobs: Object.keys(notes.jobs({})),
  matrix: Object.keys(matrix).filter((route) => route.includes('/api/notes')),
  screens: allScreens.filter((screen) => screen.page.startsWith('features/notes/')).map((s) => s.pattern),
  router: screensModuleSource().split('\\n').filter((line) => line.includes('notes')).map((line) => line.replace(/import\\(.*\\)/, 'import(…)').trim()),
}));
`;

describe('a new feature', () => {
  it('registers itself from its own folders', { timeout: 120_000 }, () => {
    for (const dir of ['src', 'messages']) {
      fs.cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
    }
    fs.mkdirSync(path.join(copy, 'scripts'));
    fs.copyFileSync(
      path.join(root, 'scripts/find-screens.ts'),
      path.join(copy, 'scripts/find-screens.ts'),
    );
    fs.copyFileSync(path.join(root, 'package.json'), path.join(copy, 'package.json'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    const before = snapshot(copy);

    for (const [file, text] of Object.entries(added)) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.writeFileSync(path.join(copy, file), text);
    }
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', check], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test' },
    });
    expect(result.stderr).toBe('');
    const found = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(found).toEqual({
      status: 200,
      jobs: ['notes.tidy'],
      matrix: ['GET /api/notes'],
      screens: ['/notes'],
      router: ['"notes": { segments: ["notes"], load: () => import(…) },'],
    });

    const after = snapshot(copy);
    const changed = Object.keys(after)
      .filter((file) => after[file] !== before[file])
      .sort();
    console.log(`The new feature's files:\n${changed.join('\n')}`);
    for (const file of changed) {
      expect(file).toMatch(
        /^(src\/server\/features\/notes\/|src\/web\/features\/notes\/|messages\/[\w-]+\.json$|src\/web\/features\/home\/HomePage\.tsx$)/,
      );
    }
  });
});

/** Each file under the copy (not node_modules) with its size and time. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (file.startsWith('node_modules')) continue;
    const stat = fs.statSync(path.join(dir, file));
    if (stat.isFile()) files[file.split(path.sep).join('/')] = `${stat.size}:${stat.mtimeMs}`;
  }
  return files;
}

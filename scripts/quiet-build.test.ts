import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { resolveConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run build` prints no `[PLUGIN_TIMINGS]` block (issue 48): Rolldown's report of slow
// JavaScript plugins, which every build of ours triggers (scripts/quiet-build.ts). The web
// app's own build takes a minute; here a small build whose plugin is slow on purpose shows
// the report, and shows that the project's builds turn it off.

const root = path.resolve(import.meta.dirname, '..');
// Inside the project, where `vite` resolves.
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const work = fs.mkdtempSync(path.join(root, '.tmp', 'quiet-build-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * The output of a real build of a two-line module whose plugin takes `slowMs` to transform
 * it (Rolldown reports slow module loading; a slow step after the build alone it does not).
 * Rolldown reports a build over 3 s whose plugins took over 100 times its link stage: 2.5 s
 * of plugin made a 2.8 s build on a quiet machine (it failed once in CI, 2026-11-29), and on a
 * busy one the link stage can take 40 ms. 6 s clears both.
 */
function buildOutput(how: 'plain vite' | 'nestedBuild', slowMs = 6000): string {
  fs.writeFileSync(path.join(work, 'entry.js'), 'export const a = 1;\nconsole.log(a);\n');
  const script = `
    import { build } from 'vite';
    import { nestedBuild } from ${JSON.stringify(pathToFileURL(path.join(root, 'scripts/quiet-build.ts')).href)};
    const busy = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };
    const slow = { name: 'slow', transform() { busy(${slowMs}); return null; } };
    const config = {
      plugins: [slow],
      build: { outDir: 'out', emptyOutDir: true, lib: { entry: 'entry.js', formats: ['es'], fileName: () => 'o.js' } },
    };
    if (${JSON.stringify(how)} === 'nestedBuild') await nestedBuild(process.cwd(), config);
    else await build({ configFile: false, root: process.cwd(), logLevel: 'warn', ...config });
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: work,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return stripVTControlCharacters(result.stdout + result.stderr);
}

describe('npm run build prints no plugin timings report', () => {
  it('Rolldown reports a slow plugin in a plain build (what the check is for)', () => {
    expect(buildOutput('plain vite')).toContain('[PLUGIN_TIMINGS]');
  }, 60_000);

  it('the builds a plugin of ours runs after the web build do not', () => {
    expect(buildOutput('nestedBuild')).not.toContain('PLUGIN_TIMINGS');
  }, 60_000);

  it('the web build itself, in each language, turns the report off', async () => {
    for (const language of ['en', 'ak']) {
      process.env.FLOCK_LOCALE = language;
      const config = await resolveConfig(
        { configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent' },
        'build',
      );
      expect(config.build.rolldownOptions.checks).toMatchObject({ bundlerTimings: false });
    }
    delete process.env.FLOCK_LOCALE;
  }, 60_000);
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as ReactRouter from 'react-router';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readManifest, type Manifest } from '../../scripts/route-budgets.ts';
import { resolvePages } from '../../scripts/page-build.ts';
import { devotionalApiPaths } from './features/devotional/devotional.paths.ts';
import { sermonsApiPaths } from './features/sermons/sermons.paths.ts';
import { apiPaths, patterns } from './paths.ts';
import {
  allScreens,
  firstSegment,
  groupScreens,
  screensModuleSource,
} from '../../scripts/find-screens.ts';
import {
  everyPageData,
  exportName,
  firstScreens,
  guardModules,
  screenModules,
  screens,
} from './routes.ts';

// The route table (decision 027) against the router made from it and the build that reads it.
// The router module creates no browser router when imported; its route list is what is read.
vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  createBrowserRouter: () => ({}),
}));
const { routes, lazyComponent, discoverScreens } = await import('./router.tsx');

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** A path of the pattern, with a value each parameter accepts. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, '15');

describe('the route table', () => {
  it('has one row for every screen pattern, and no other', () => {
    const { notFound: _, ...screenPatterns } = patterns;
    expect(allScreens.map((screen) => screen.pattern).sort()).toEqual(
      Object.values(screenPatterns).sort(),
    );
    // Drawn and announced screens are the shell's: their rows are there before any group's.
    for (const pattern of Object.keys(firstScreens)) {
      expect(screens.map((screen) => screen.pattern)).toContain(pattern);
    }
  });

  it("gives the router each group once, with its screens' first segments", async () => {
    const { groups } = await import('virtual:screens');
    expect(Object.keys(groups).sort()).toEqual(Object.keys(groupScreens).sort());
    for (const [group, list] of Object.entries(groupScreens)) {
      for (const screen of list) {
        expect(groups[group]?.segments, screen.pattern).toContain(firstSegment(screen.pattern));
        // A group's rows are added under the page data element (router.tsx).
        expect(screen.noPageData, screen.pattern).toBeUndefined();
      }
      expect((await groups[group]!.load()).screens).toEqual(list);
    }
    // No shell screen sits under a group's segment: its address would fetch the group for nothing.
    const segments = new Set(Object.values(groups).flatMap((group) => group.segments));
    for (const screen of screens) expect(segments.has(firstSegment(screen.pattern))).toBe(false);
  });

  it('finds a group in its folder, and refuses one without its pages file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-screens-'));
    try {
      fs.mkdirSync(path.join(dir, 'notes'));
      const notes = { notes: [{ pattern: '/notes/:id', page: 'features/notes/NotePage.tsx' }] };
      expect(() => screensModuleSource(dir, notes)).toThrow(/no notes\.pages\.ts/);
      fs.writeFileSync(path.join(dir, 'notes', 'notes.pages.ts'), '');
      expect(screensModuleSource(dir, notes)).toContain(
        `"notes": { segments: ["notes"], load: () => import(${JSON.stringify(path.join(dir, 'notes', 'notes.pages.ts'))}) }`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names pages and guards whose module exports a component of their name', async () => {
    const modules = new Set([...allScreens.map((s) => s.page), ...Object.values(guardModules)]);
    for (const module of modules) {
      const { Component } = lazyComponent(module) as { Component: () => Promise<unknown> };
      expect(typeof (await Component()), module).toBe('function');
    }
    expect(() => lazyComponent('features/nope/NopePage.tsx')).toThrow(/not a page/);
  });

  it('gives the router every screen, in its guard, each matched by its own pattern', () => {
    for (const screen of screens) {
      const matches = matchRoutes(routes, samplePath(screen.pattern)) ?? [];
      expect(matches.at(-1)?.route.path, screen.pattern).toBe(screen.pattern);
      // The elements around it: the page data cache and the guard, as the build preloads them.
      expect(matches.filter((match) => match.route.lazy && !match.route.path).length).toBe(
        screenModules(screen).length - 1,
      );
    }
  });

  it("finds a group's screens when first visited, in their guard, each by its own pattern", async () => {
    for (const screen of allScreens.filter((row) => !screens.includes(row))) {
      const router = createMemoryRouter(routes, {
        initialEntries: [patterns.auth],
        patchRoutesOnNavigation: discoverScreens,
      });
      await router.navigate(samplePath(screen.pattern));
      const matches = router.state.matches;
      expect(matches.at(-1)?.route.path, screen.pattern).toBe(screen.pattern);
      // Its page loaded, under the page data element and its guard's.
      const element = matches.at(-1)?.route.element as { type?: { name?: string } } | undefined;
      expect(element?.type?.name).toBe(exportName(screen.page));
      const ids = matches.map((match) => match.route.id);
      expect(ids).toContain('page-data');
      const guards = ids.filter((id) => /^\w+:/.test(id));
      expect(guards).toEqual(screen.guard ? [expect.stringMatching(`:${screen.guard}$`)] : []);
      router.dispose();
    }
  });

  it('shows the login screen at / after /auth was shown (each route its own lazy object)', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [patterns.auth] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await router.navigate(patterns.forgotPassword);
    await router.navigate(patterns.home);
    const screen = router.state.matches.at(-1)?.route;
    expect(screen?.path).toBe(patterns.home);
    // React Router turns the loaded Component into the route's element.
    const element = screen?.element as { type?: { name?: string } } | undefined;
    expect(element?.type?.name).toBe('AuthPage');
    router.dispose();
  });

  it('asks for the answers the app asks for, with the same URLs', () => {
    expect(everyPageData.map((hint) => hint.path)).toEqual([apiPaths.church, apiPaths.me]);
    const fill = (hint: { path: string }) => hint.path.replace(/:\w+/g, '15');
    const data = (pattern: string) => (firstScreens[pattern]?.data ?? []).map(fill);
    expect(data(patterns.sermons)).toEqual([sermonsApiPaths.sermons]);
    expect(data(patterns.sermon)).toEqual([sermonsApiPaths.sermon('15')]);
    expect(data(patterns.devotional)).toEqual([devotionalApiPaths.devotionalWeeks]);
    expect(data(patterns.devotionalWeek)).toEqual([devotionalApiPaths.devotionalWeek(15)]);
    expect(data(patterns.devotionalDay)).toEqual([devotionalApiPaths.devotionalDay(15, 15)]);
  });
});

describe('the route table against the build', () => {
  let manifest: Manifest;
  beforeAll(() => {
    // Builds when the sources changed since the last build, as `npm start` does; without
    // Vitest's NODE_ENV=test, with which Vite would make a development build.
    const { NODE_ENV: _, ...env } = process.env;
    const built = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'scripts/ensure-web-build.ts')],
      { cwd: repoRoot, stdio: 'inherit', env },
    );
    expect(built.status).toBe(0);
    manifest = readManifest(path.join(repoRoot, 'dist/web'));
  }, 120_000);

  it("preloads each route's own chunks and CSS once, and nothing the entry already loads", () => {
    const pages = resolvePages(
      manifest,
      allScreens,
      firstScreens,
      everyPageData,
      'assets/boot-1.js',
    );
    const shell = new Set([pages.shell.entry, ...pages.shell.imports]);
    for (const route of pages.routes) {
      expect(new Set(route.scripts).size, route.pattern).toBe(route.scripts.length);
      for (const script of route.scripts) expect(shell.has(script), route.pattern).toBe(false);
    }
    const devotional = pages.routes.find((route) => route.pattern === patterns.devotional)!;
    expect(devotional.scripts).toContain(`/${manifest['PageData.tsx']?.file}`);
    expect(devotional.scripts).toContain(
      `/${manifest['features/devotional/DevotionalPage.tsx']?.file}`,
    );
    expect(devotional.styles.length).toBeGreaterThan(0);
    expect(devotional.drawn).toEqual({ answers: [devotionalApiPaths.devotionalWeeks] });
    expect(pages.shell.boot).toBe('/assets/boot-1.js');
  });

  it('fails the build on a module it does not load lazily, or a parameter without a rule', () => {
    expect(() =>
      resolvePages(manifest, [{ pattern: '/x', page: 'features/nope.tsx' }], {}, [], 'b.js'),
    ).toThrow(/does not load lazily/);
    expect(() =>
      resolvePages(
        manifest,
        [{ pattern: '/x/:id', page: 'features/home/HomePage.tsx', noPageData: true }],
        { '/x/:id': { data: [{ path: '/api/x/:id' }] } },
        [],
        'b.js',
      ),
    ).toThrow(/needs a pattern for :id/);
  });
});

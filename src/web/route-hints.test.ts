import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type * as ReactRouter from 'react-router';
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readManifest, type Manifest } from '../../scripts/route-budgets.ts';
import { resolvePageHints } from '../../scripts/page-hints.ts';
import { apiPaths, patterns } from './paths.ts';
import { everyPageData, routeHints } from './route-hints.ts';

// The table of decision 018 against the router it describes and the build it names. The
// router module creates the browser router when imported; here only its route list is read.
vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  createBrowserRouter: () => ({}),
}));
const { routes } = await import('./router.tsx');

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A path of the pattern, with a value the screen accepts for each parameter. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, '15');

/** Every path the router knows from the start (the lazy areas come with their first visit). */
function routePatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : parent;
    return [...(route.path ? [here] : []), ...routePatterns(route.children ?? [], here)];
  });
}

/** The components the router loads lazily for a path, outermost first. */
async function lazyComponents(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const components = [];
  for (const { route } of matches) {
    const lazy = route.lazy as { Component?: () => Promise<unknown> } | undefined;
    if (lazy?.Component) components.push(await lazy.Component());
  }
  return { matches, components };
}

describe('the route hints table (decision 018)', () => {
  it('has a row for every member route the router knows from the start', () => {
    const known = routePatterns(routes).filter((pattern) => !pattern.endsWith(patterns.notFound));
    expect(routeHints.map((hint) => hint.pattern).sort()).toEqual([...new Set(known)].sort());
  });

  it("names, for each route, the lazy modules React Router loads, in the router's order", async () => {
    for (const hint of routeHints) {
      const { matches, components } = await lazyComponents(samplePath(hint.pattern));
      expect(matches.at(-1)?.route.path, hint.pattern).toBe(hint.pattern);
      const modules = await Promise.all(
        hint.modules.map((module) => import(/* @vite-ignore */ `./${module}`)),
      );
      expect(components, hint.pattern).toHaveLength(modules.length);
      components.forEach((component, i) => {
        expect(
          Object.values(modules[i] as object),
          `${hint.pattern}: ${hint.modules[i]}`,
        ).toContain(component);
      });
    }
  });

  it('asks for the answers the app asks for, with the same URLs', () => {
    expect(everyPageData.map((hint) => hint.path)).toEqual([apiPaths.church, apiPaths.me]);
    const fill = (hint: { path: string }) => hint.path.replace(/:\w+/g, '15');
    const data = Object.fromEntries(
      routeHints.map((hint) => [hint.pattern, (hint.data ?? []).map(fill)]),
    );
    expect(data[patterns.sermons]).toEqual([apiPaths.sermons]);
    expect(data[patterns.sermon]).toEqual([apiPaths.sermon('15')]);
    expect(data[patterns.devotional]).toEqual([apiPaths.devotionalWeeks]);
    expect(data[patterns.devotionalWeek]).toEqual([apiPaths.devotionalWeek(15)]);
    expect(data[patterns.devotionalDay]).toEqual([apiPaths.devotionalDay(15, 15)]);
  });
});

describe('the route hints against the build', () => {
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

  it('names modules the build loads lazily', () => {
    for (const hint of routeHints) {
      for (const module of hint.modules) {
        expect(manifest[module]?.isDynamicEntry, `${hint.pattern}: ${module}`).toBe(true);
      }
    }
  });

  it("preloads each route's chunks and CSS once, and nothing index.html already loads", () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const resolved = resolvePageHints(manifest, routeHints, everyPageData);
    for (const route of resolved.routes) {
      expect(new Set(route.scripts).size, route.pattern).toBe(route.scripts.length);
      expect(route.scripts, route.pattern).not.toContain(`/${entry.file}`);
      for (const imported of entry.imports ?? []) {
        expect(route.scripts, route.pattern).not.toContain(`/${manifest[imported]?.file}`);
      }
    }
    const devotional = resolved.routes.find((route) => route.pattern === patterns.devotional)!;
    expect(devotional.scripts[0]).toBe(`/${manifest['PageData.tsx']?.file}`);
    expect(devotional.scripts).toContain(
      `/${manifest['features/devotional/DevotionalPage.tsx']?.file}`,
    );
    expect(devotional.styles.length).toBeGreaterThan(0);
  });

  it('fails the build on a module it does not load lazily, or a parameter without a rule', () => {
    expect(() =>
      resolvePageHints(manifest, [{ pattern: '/x', modules: ['features/nope.tsx'] }], []),
    ).toThrow(/does not load lazily/);
    expect(() =>
      resolvePageHints(
        manifest,
        [{ pattern: '/x/:id', modules: [], data: [{ path: '/api/x/:id' }] }],
        [],
      ),
    ).toThrow(/needs a pattern for :id/);
  });
});

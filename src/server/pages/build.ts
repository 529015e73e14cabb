import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  DRAWER_FILE,
  PAGES_FILE,
  type DataHint,
  type PageRoute,
  type PagesFile,
} from '../../shared/pages.ts';

// The web app's build as the page server reads it (decision 027): the description of its pages
// (.vite/pages.json, written by scripts/page-build.ts from the route table) and the bundle it
// draws screens with (.vite/server/prerender.mjs). Read again whenever a new build replaces it.

const asset = z.string().startsWith('/assets/');
const dataHint = z.object({
  path: z.string().startsWith('/api/'),
  params: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<DataHint>;

const pagesFileSchema = z.object({
  shell: z.object({ entry: asset, imports: z.array(asset), styles: z.array(asset), boot: asset }),
  routes: z.array(
    z.object({
      pattern: z.string().startsWith('/'),
      scripts: z.array(asset),
      styles: z.array(asset),
      data: z.array(dataHint),
      drawn: z
        .object({
          answers: z.array(z.string().startsWith('/api/')),
          signedIn: z.boolean().optional(),
        })
        .optional(),
    }),
  ),
}) satisfies z.ZodType<PagesFile>;

/** What the server draws with: the build's server bundle of src/web/prerender.tsx. */
export interface Drawer {
  renderScreen(
    pattern: string,
    church: unknown,
    answers: Record<string, unknown>,
    language: string,
  ): Promise<string>;
}

export interface Build {
  pages: PagesFile;
  /** The boot script, written into each drawn page, and its hash for the page's policy. */
  boot: { source: string; hash: string } | null;
  /** The bundle, loaded once per build; null when it is missing or not one this server reads. */
  drawer: Promise<Drawer | null>;
}

async function loadDrawer(file: string, version: number, log: (message: string) => void) {
  if (!fs.existsSync(file)) return null;
  try {
    const drawer = (await import(`${pathToFileURL(file).href}?v=${version}`)) as Partial<Drawer>;
    if (typeof drawer.renderScreen === 'function') return drawer as Drawer;
    log(`${DRAWER_FILE} is not what this server reads: screens are drawn in the browser.`);
  } catch (error) {
    log(`${DRAWER_FILE} did not load (${String(error)}): screens are drawn in the browser.`);
  }
  return null;
}

/** The built boot script (a classic script, written inline: decision 027). */
function readBoot(file: string, log: (message: string) => void) {
  const source = fs.readFileSync(file, { encoding: 'utf8', flag: 'r' }).trim();
  if (source.includes('</script') || source.includes('<!--')) {
    log(`${file} cannot be written into a page: screens are drawn in the browser.`);
    return null;
  }
  return { source, hash: `'sha256-${createHash('sha256').update(source).digest('base64')}'` };
}

/**
 * The build in `webDir`, read once and again after a new build has written its pages file;
 * null while there is none (or not one this server reads: said once in the log).
 */
export function watchBuild(
  webDir: string,
  log: (message: string) => void,
  /** Where screens are drawn with when this build has no bundle of its own (decision 043). */
  otherDrawer: () => Promise<Drawer | null> = async () => null,
) {
  const file = path.join(webDir, PAGES_FILE);
  let readAt = -1;
  let build: Build | null = null;
  return function currentBuild(): Build | null {
    const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (mtime === readAt) return build;
    readAt = mtime;
    build = null;
    if (mtime === -1) return null;
    let parsed;
    try {
      parsed = pagesFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      log(`${PAGES_FILE} is not what this server reads: run \`npm run build\` again.`);
      return null;
    }
    build = {
      pages: parsed.data,
      boot: fs.existsSync(path.join(webDir, parsed.data.shell.boot))
        ? readBoot(path.join(webDir, parsed.data.shell.boot), log)
        : null,
      drawer: fs.existsSync(path.join(webDir, DRAWER_FILE))
        ? loadDrawer(path.join(webDir, DRAWER_FILE), mtime, log)
        : otherDrawer(),
    };
    return build;
  };
}

/** The route's parameters when `pathname` is one of its paths (React Router's matching: case
 * does not matter, a trailing slash neither), else null. Values are as they came (encoded). */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** The build's route for a path, with its parameters: a route without any first, as React
 * Router ranks them. */
export function routeFor(pages: PagesFile, pathname: string) {
  const ranked = [...pages.routes].sort(
    (a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')),
  );
  for (const route of ranked) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { route, params };
  }
  return null;
}

export type { PageRoute };

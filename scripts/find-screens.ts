import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import {
  guardModules,
  NOT_FOUND_PAGE,
  PAGE_DATA_MODULE,
  screens as shellScreens,
  type Screen,
} from '../src/web/routes.ts';

// The screen groups' rows, found in the web features' folders (issue 49): every
// src/web/features/<name>/<name>.screens.ts, for the readers outside the browser (the build's
// page description in vite.config.ts, the route table's tests), and the browser router's own
// list of what it may load (`virtual:screens`, below). Replaces the hand-kept all-screens.ts,
// routes.ts `screenGroups` and the router's list of group folders (decision 061).

const featuresDir = path.resolve(import.meta.dirname, '../src/web/features');

/** The features with a screens file of their own, by name. */
export function screenFiles(dir = featuresDir): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, `${entry.name}.screens.ts`);
    if (entry.isDirectory() && fs.existsSync(file)) files[entry.name] = file;
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/** Each group's rows, by its feature's name. */
export async function findGroupScreens(dir = featuresDir): Promise<Record<string, Screen[]>> {
  const found: Record<string, Screen[]> = {};
  for (const [name, file] of Object.entries(screenFiles(dir))) {
    const module = (await import(pathToFileURL(file).href)) as { screens?: Screen[] };
    if (!module.screens) throw new Error(`${name}.screens.ts exports no \`screens\``);
    found[name] = module.screens;
  }
  return found;
}

export const groupScreens = await findGroupScreens();

/** Every screen of the app: the shell's (routes.ts) and each group's. */
export const allScreens: Screen[] = [...shellScreens, ...Object.values(groupScreens).flat()];

/** The first segment of a screen's address: `/admin/sermons` → `admin`. */
export const firstSegment = (pattern: string) => pattern.split('/')[1] ?? '';

/** Each group's first segments: an address starting with one fetches the group's rows. */
export function groupSegments(groups: Record<string, Screen[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(groups).map(([name, rows]) => [
      name,
      [...new Set(rows.map((row) => firstSegment(row.pattern)))],
    ]),
  );
}

/** The modules of the shell's screens the router loads itself: pages, their guards, PageData. */
export function shellModules(rows: Screen[] = shellScreens): string[] {
  const guards = rows.flatMap((row) => (row.guard ? [guardModules[row.guard]] : []));
  return [
    ...new Set([...rows.map((row) => row.page), ...guards, PAGE_DATA_MODULE, NOT_FOUND_PAGE]),
  ];
}

export const SCREENS_ID = 'virtual:screens';

/**
 * `virtual:screens`, the browser router's list: a loader for each module of the shell's
 * screens, and for each group its first segments and the loader of its `<name>.pages.ts`
 * (fetched with its first screen, decision 038). Written from the folders at build time, so
 * the entry holds loaders only, not the groups' rows.
 */
export function screensModuleSource(dir = featuresDir, groups = groupScreens): string {
  const webDir = path.dirname(dir);
  const loader = (file: string) => `() => import(${JSON.stringify(file)})`;
  const shell = shellModules().map(
    (module) => `  ${JSON.stringify(module)}: ${loader(path.join(webDir, module))},`,
  );
  const segments = groupSegments(groups);
  const groupLines = Object.keys(groups).map((name) => {
    const pages = path.join(dir, name, `${name}.pages.ts`);
    if (!fs.existsSync(pages))
      throw new Error(`${name}.screens.ts has no ${name}.pages.ts beside it`);
    return `  ${JSON.stringify(name)}: { segments: ${JSON.stringify(segments[name])}, load: ${loader(pages)} },`;
  });
  return [
    `export const shellModules = {\n${shell.join('\n')}\n};`,
    `export const groups = {\n${groupLines.join('\n')}\n};`,
  ].join('\n');
}

/** Serves `virtual:screens` to the build, the dev server and the web's tests. */
export function screensPlugin(): Plugin {
  return {
    name: 'flock-screens',
    resolveId: (id) => (id === SCREENS_ID ? `\0${SCREENS_ID}` : null),
    load: (id) => (id === `\0${SCREENS_ID}` ? screensModuleSource() : null),
  };
}

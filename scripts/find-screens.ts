import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { screens as shellScreens, type Screen } from '../src/web/routes.ts';

// The screen groups' rows, found in the web features' folders (issue 49): every
// src/web/features/<name>/<name>.screens.ts, for the readers outside the browser (the build's
// page description in vite.config.ts, the route table's tests). The browser's router fetches
// a group's rows with its `<name>.pages.ts` instead. Replaces the hand-kept all-screens.ts.

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

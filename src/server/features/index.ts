import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Feature } from '../core/feature.ts';

// Every feature of the server, found (issue 49, decision 055): each folder features/<name>/ with
// its <name>.feature.ts, whose one export ending in `Feature` is its manifest. app.ts registers
// their routes and starts them, jobs.ts runs their jobs, the authorisation matrix is composed
// from their rows, in this order: by `order` (health first), then by name. A new feature is a
// folder; no list to add it to.

const dir = import.meta.dirname;

async function manifestOf(name: string): Promise<Feature> {
  const file = path.join(dir, name, `${name}.feature.ts`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const found = Object.entries(module).filter(([key]) => key.endsWith('Feature'));
  if (found.length !== 1)
    throw new Error(`${name}.feature.ts must export one manifest named <name>Feature`);
  const feature = found[0]![1] as Feature;
  if (feature.name !== name)
    throw new Error(`features/${name}/ is named '${feature.name}' in its manifest`);
  return feature;
}

const names = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, `${entry.name}.feature.ts`)),
  )
  .map((entry) => entry.name)
  .sort();

export const features: readonly Feature[] = (await Promise.all(names.map(manifestOf))).sort(
  (a, b) => (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name),
);

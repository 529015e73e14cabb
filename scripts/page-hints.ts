// Turns the route table (src/web/route-hints.ts) into what the server announces in each
// page's <head> (decision 018): the built files of each route's lazy modules with their static
// imports and CSS, from Vite's manifest, less what index.html already loads for the entry.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_HINTS_FILE, type DataHint, type PageHints } from '../src/shared/page-hints.ts';
import type { RouteHint } from '../src/web/route-hints.ts';
import { readManifest, type Manifest } from './route-budgets.ts';

export function resolvePageHints(
  manifest: Manifest,
  routes: RouteHint[],
  everyPage: DataHint[],
): PageHints {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error('The build manifest should have exactly one entry.');

  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const loaded = closure(entries[0] as string);

  return {
    routes: routes.map(({ pattern, modules, data = [] }) => {
      const chunks = new Set<string>();
      for (const module of modules) {
        if (!manifest[module]?.isDynamicEntry) {
          throw new Error(
            `route-hints.ts: ${pattern} names ${module}, which the build does not load lazily.`,
          );
        }
        closure(module, chunks);
      }
      const scripts: string[] = [];
      const styles: string[] = [];
      for (const key of chunks) {
        if (loaded.has(key)) continue;
        const chunk = manifest[key] as NonNullable<Manifest[string]>;
        scripts.push(`/${chunk.file}`);
        for (const css of chunk.css ?? []) styles.push(`/${css}`);
      }
      for (const hint of data) {
        for (const name of hint.path.match(/:\w+/g) ?? []) {
          if (!hint.params?.[name.slice(1)]) {
            throw new Error(`route-hints.ts: ${hint.path} needs a pattern for ${name}.`);
          }
        }
      }
      return {
        pattern,
        scripts,
        styles: [...new Set(styles)],
        data: [...everyPage, ...data],
      };
    }),
  };
}

/** Writes the hints beside the manifest once the build is written. */
export function writePageHints(outDir: string, routes: RouteHint[], everyPage: DataHint[]) {
  const hints = resolvePageHints(readManifest(outDir), routes, everyPage);
  fs.writeFileSync(path.join(outDir, PAGE_HINTS_FILE), `${JSON.stringify(hints, null, 2)}\n`);
  return hints;
}

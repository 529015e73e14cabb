// Turns the route table (src/web/routes.ts) into the description of the pages the server
// writes (decision 027), .vite/pages.json: what every page loads (the entry, its imports and
// style sheets, the boot script) and, for each route, the built files of its lazy modules
// with their static imports and CSS, less the entry's; the answers its first screen asks for;
// and whether the server draws it.
import fs from 'node:fs';
import path from 'node:path';
import { PAGES_FILE, type DataHint, type PagesFile } from '../src/shared/pages.ts';
import { screenModules, type FirstScreen, type Screen } from '../src/web/routes.ts';
import { readManifest, type Manifest } from './route-budgets.ts';

export function resolvePages(
  manifest: Manifest,
  screens: Screen[],
  firstScreens: Record<string, FirstScreen>,
  everyPage: DataHint[],
  boot: string,
): PagesFile {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error('The build manifest should have exactly one entry.');
  const entry = entries[0] as string;

  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const loaded = closure(entry);
  const file = (key: string) => `/${(manifest[key] as NonNullable<Manifest[string]>).file}`;
  const stylesOf = (keys: Iterable<string>) => [
    ...new Set([...keys].flatMap((key) => (manifest[key]?.css ?? []).map((css) => `/${css}`))),
  ];

  return {
    shell: {
      entry: file(entry),
      imports: [...loaded].filter((key) => key !== entry).map(file),
      styles: stylesOf(loaded),
      boot: `/${boot}`,
    },
    routes: screens.map((screen) => {
      const { pattern } = screen;
      const { data = [], drawn } = firstScreens[pattern] ?? {};
      const chunks = new Set<string>();
      for (const module of screenModules(screen)) {
        if (!manifest[module]?.isDynamicEntry) {
          throw new Error(
            `routes.ts: ${pattern} names ${module}, which the build does not load lazily.`,
          );
        }
        closure(module, chunks);
      }
      const own = [...chunks].filter((key) => !loaded.has(key));
      for (const hint of data) {
        for (const name of hint.path.match(/:\w+/g) ?? []) {
          if (!hint.params?.[name.slice(1)]) {
            throw new Error(`routes.ts: ${hint.path} needs a pattern for ${name}.`);
          }
        }
      }
      return {
        pattern,
        scripts: own.map(file),
        styles: stylesOf(own),
        data: [...everyPage, ...data],
        ...(drawn ? { drawn } : {}),
      };
    }),
  };
}

/** Writes the description beside the manifest once the build is written. */
export function writePages(
  outDir: string,
  screens: Screen[],
  firstScreens: Record<string, FirstScreen>,
  everyPage: DataHint[],
  boot: string,
) {
  const pages = resolvePages(readManifest(outDir), screens, firstScreens, everyPage, boot);
  fs.writeFileSync(path.join(outDir, PAGES_FILE), `${JSON.stringify(pages, null, 2)}\n`);
  return pages;
}

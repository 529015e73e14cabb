// What a cold visit of each screen downloads, from the build's manifest, checked against the
// budgets of decision 011. Every lazily imported module is budgeted (each route's page and
// each part loaded on demand, such as the sign-up form), so a new screen is covered the day
// it lands. Sizes are those of the files the server sends: the brotli copy when the build
// wrote one (scripts/precompress.ts), the file itself otherwise.
import fs from 'node:fs';
import path from 'node:path';

/** The fields of Vite's `.vite/manifest.json` this check reads. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  /** Bytes of JavaScript on the wire. */
  js: number;
  /** Bytes of CSS on the wire. */
  css: number;
}

export const KIB = 1024;
/** The budgets' unit: the issue's "KB" read as 1,000 bytes, the stricter of the two readings. */
export const KB = 1000;

/** Issue 16: every member route ≤ 130 KB of JS, CSS ≤ 15 KB. */
export const DEFAULT_BUDGET: Budget = { js: 130 * KB, css: 15 * KB };

/**
 * The screens held to another budget, by their module in src/web: the login screen's goal.
 * Known debt above the goal, when there is some, is listed here at today's size so that it
 * cannot grow while it is worked down (docs/performance.md says why); lower a number as soon
 * as its screen gets lighter, never raise one to let a change through. None is left since the
 * phone input's fourth pass (decision 011).
 */
export const BUDGET_OVERRIDES: Record<string, Partial<Budget>> = {
  // / and /auth in login mode, the first screen every new member sees: the goal.
  'features/accounts/AuthPage.tsx': { js: 100 * KB },
};

/**
 * Route elements loaded with every screen under them (router.tsx), whose cost a screen's own
 * imports do not show: the page data cache (TanStack Query) around every screen but the
 * account screens and what the layout itself loads (`outside`, matched against the first
 * lazy module on a screen's way). A new area added under it is counted with it.
 */
export interface RouteWrapper {
  module: string;
  outside: RegExp;
}
export const ROUTE_WRAPPERS: RouteWrapper[] = [
  {
    module: 'PageData.tsx',
    outside: /^(components\/|features\/accounts\/(?!Require)|features\/support\/)/,
  },
];

export interface RouteCost {
  /** The lazily imported module (manifest key), or the entry. */
  module: string;
  /** The lazy modules loaded before it, outermost first (e.g. the sign-up form's page). */
  via: string[];
  /** Every file a cold visit downloads for it, entry included. */
  files: string[];
  js: number;
  css: number;
  budget: Budget;
  over: boolean;
}

/**
 * The cost of the entry and of every lazily imported module: the entry and its static
 * imports, then each lazy module on the way (with their static imports and CSS).
 */
export function routeCosts(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  defaults: Budget = DEFAULT_BUDGET,
  overrides: Record<string, Partial<Budget>> = BUDGET_OVERRIDES,
  wrappers: RouteWrapper[] = ROUTE_WRAPPERS,
): RouteCost[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry.');

  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };

  const filesOf = (chunks: Set<string>) => {
    const files = new Set<string>();
    for (const key of chunks) {
      const chunk = manifest[key];
      if (!chunk) continue;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    return [...files];
  };
  const bytes = (files: string[], ext: string) =>
    files.filter((file) => file.endsWith(ext)).reduce((sum, file) => sum + sizeOf(file), 0);

  // How a lazy module is reached: the chunks already loaded when it is imported, found
  // breadth first from the entry (a page is reached from the router in the entry, the
  // sign-up form from the page that imports it). Of two ways at the same depth, the
  // heavier counts.
  type Reached = { chunks: Set<string>; via: string[] };
  const reached = new Map<string, Reached>();
  let frontier = entries.map((entry) => ({
    module: entry,
    chunks: closure(entry),
    via: [] as string[],
  }));
  while (frontier.length > 0) {
    const next = new Map<string, Reached>();
    for (const parent of frontier) {
      for (const key of parent.chunks) {
        for (const lazy of manifest[key]?.dynamicImports ?? []) {
          if (reached.has(lazy) || entries.includes(lazy)) continue;
          const chunks = new Set([...parent.chunks, ...closure(lazy)]);
          const via = manifest[parent.module]?.isEntry ? [] : [...parent.via, parent.module];
          const known = next.get(lazy);
          if (!known || bytes(filesOf(chunks), '.js') > bytes(filesOf(known.chunks), '.js')) {
            next.set(lazy, { chunks, via });
          }
        }
      }
    }
    for (const [lazy, way] of next) reached.set(lazy, way);
    frontier = [...next].map(([module, way]) => ({ module, ...way }));
  }

  const cost = (module: string, chunks: Set<string>, via: string[]): RouteCost => {
    const screen = via[0] ?? module;
    for (const wrapper of wrappers) {
      if (manifest[module]?.isEntry || !manifest[wrapper.module]) continue;
      if (screen === wrapper.module) continue;
      if (wrapper.outside.test(screen)) continue;
      chunks = new Set([...chunks, ...closure(wrapper.module)]);
    }
    const files = filesOf(chunks);
    // A shared chunk's key carries its hash: its budget is listed by its name.
    const budget = {
      ...defaults,
      ...overrides[manifest[module]?.name ?? ''],
      ...overrides[module],
    };
    const js = bytes(files, '.js');
    const css = bytes(files, '.css');
    return { module, via, files, js, css, budget, over: js > budget.js || css > budget.css };
  };

  const costs = entries.map((entry) => cost(entry, closure(entry), []));
  for (const key of Object.keys(manifest).sort()) {
    // A lazily imported module, or a shared chunk something imports lazily (the phone
    // library's metadata when mobile money is chosen) though others import it statically.
    if (!manifest[key]?.isDynamicEntry && !reached.has(key)) continue;
    // Imported by nothing the entry reaches (should not happen): counted with the entry.
    const way = reached.get(key) ?? {
      chunks: new Set([...closure(entries[0] as string), ...closure(key)]),
      via: [],
    };
    costs.push(cost(key, way.chunks, way.via));
  }
  return costs;
}

/** The size the server sends for a built file: its brotli copy when there is one. */
export function wireSize(outDir: string) {
  return (file: string) => {
    const full = path.join(outDir, file);
    return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
  };
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** One line a module: JS and CSS beside their budgets. */
export function formatCosts(costs: RouteCost[]): string {
  const label = (c: RouteCost) => [...c.via, c.module].join(' → ');
  const width = Math.max(...costs.map((c) => label(c).length), 'module'.length);
  const lines = [
    `${'module (lazy, cold visit)'.padEnd(width)}  ${'JS kB'.padStart(7)} ${'budget'.padStart(7)}  ${'CSS kB'.padStart(7)} ${'budget'.padStart(7)}`,
  ];
  for (const c of costs) {
    lines.push(
      `${label(c).padEnd(width)}  ${kb(c.js).padStart(7)} ${kb(c.budget.js).padStart(7)}  ${kb(c.css).padStart(7)} ${kb(c.budget.css).padStart(7)}${c.over ? '  OVER BUDGET' : ''}`,
    );
  }
  return lines.join('\n');
}

/** Reads a finished build, prints the table and throws when a budget is exceeded. */
export function checkRouteBudgets(outDir: string, log: (text: string) => void = console.log) {
  const costs = routeCosts(readManifest(outDir), wireSize(outDir));
  log(
    `What a cold visit downloads (brotli, as sent; budgets: docs/decisions/011):\n${formatCosts(costs)}`,
  );
  const over = costs.filter((c) => c.over);
  if (over.length > 0) {
    throw new Error(
      `Over budget: ${over.map((c) => c.module).join(', ')}. Load what the first screen does not need lazily, or see docs/decisions/011-route-budgets.md.`,
    );
  }
  return costs;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { WEB_BASE } from './web-layers.ts';

// The import graphs of the server and the web app and their borders (issue 49, decisions 055
// and the web core's). Every import counts, `import type` and `import()` included: a
// type-only cycle is a cycle. Tests (*.test.ts) are left out, and on the server the
// authorisation matrix's rows (*.matrix.ts, test data a feature keeps): a test may reach into
// what it tests.
//   npm run graph          prints the counts and every finding of both; exits 1 on a finding
// scripts/import-graph.test.ts runs the same check with the unit tests.

export const serverDir = path.resolve(import.meta.dirname, '../src/server');
export const webDir = path.resolve(import.meta.dirname, '../src/web');

export interface LayerSpec {
  name: string;
  /** Folders (ending in '/') or files; '' is everything not named by a layer. */
  paths: readonly string[];
  /** Files this layer claims before any folder is matched (a feature's screen rows). */
  patterns?: readonly RegExp[];
}

/** One side of the app: where its files are, its layers (lowest first), what is left out. */
export interface Side {
  name: string;
  dir: string;
  layers: readonly LayerSpec[];
  /** Files not in the graph. */
  leftOut: RegExp;
}

/**
 * The server's layers, lowest first: a file may import its own layer and those below it, never
 * above. Features import other features only through their public entry
 * (features/<name>/index.ts).
 */
export const LAYERS = [
  {
    name: 'base',
    paths: ['config.ts', 'config-env.ts', 'dotenv.ts', 'node-flags.ts', 'errors.ts', 'db/'],
  },
  { name: 'platform', paths: ['platform/'] },
  { name: 'core', paths: ['context.ts', 'core/'] },
  { name: 'http', paths: ['http/'] },
  { name: 'features', paths: ['features/'] },
  // Everything else: app.ts, jobs.ts, create-context.ts, main.ts, pages/, backup/, testing/ …
  { name: 'app', paths: [''] },
] as const satisfies readonly LayerSpec[];

/**
 * The web app's layers, lowest first (docs/architecture.md "Web"). A feature's screen rows and
 * page loaders (`<name>.screens.ts`, `<name>.pages.ts`) are the app shell's: they are how the
 * router finds the feature's screens, and they name the shell's types (routes.ts).
 */
export const WEB_LAYERS = [
  {
    name: 'base',
    paths: [...WEB_BASE, 'phone-metadata.d.ts'],
  },
  { name: 'core', paths: ['core/'] },
  { name: 'components', paths: ['components/'] },
  { name: 'features', paths: ['features/'] },
  // Everything else: main.tsx, router.tsx, routes.ts, Layout.tsx, PageData.tsx, prerender.tsx …
  { name: 'app', paths: [''], patterns: [/^features\/[^/]+\/[^/]+\.(screens|pages)\.ts$/] },
] as const satisfies readonly LayerSpec[];

export const server: Side = {
  name: 'src/server',
  dir: serverDir,
  layers: LAYERS,
  leftOut: /\.(test|matrix)\.tsx?$/,
};
export const web: Side = {
  name: 'src/web',
  dir: webDir,
  layers: WEB_LAYERS,
  leftOut: /\.test\.tsx?$/,
};

export type Layer = string;

export function layerOf(file: string, layers: readonly LayerSpec[] = LAYERS): Layer {
  for (const layer of layers) {
    if (layer.patterns?.some((pattern) => pattern.test(file))) return layer.name;
  }
  for (const layer of layers) {
    if (layer.paths.some((p) => (p.endsWith('/') || p === '' ? file.startsWith(p) : file === p))) {
      return layer.name;
    }
  }
  return layers.at(-1)!.name;
}

const rank = (layers: readonly LayerSpec[], layer: Layer) =>
  layers.findIndex((l) => l.name === layer);

/** The feature a file belongs to (features/<name>/…), or undefined. */
export const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];

/** A feature's public entry: what other features may import. */
export const isPublicEntry = (file: string) => /^features\/[^/]+\/index\.ts$/.test(file);

export interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string, leftOut: RegExp, base = dir): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') files.push(...sourceFiles(full, leftOut, base));
    } else if (/\.tsx?$/.test(entry.name) && !leftOut.test(entry.name)) {
      files.push(path.relative(base, full).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/** Every import of one file of a side to another (static, dynamic, re-exports, types). */
export function readGraph(
  root = serverDir,
  leftOut = server.leftOut,
): { files: string[]; edges: Edge[] } {
  const files = sourceFiles(root, leftOut);
  const known = new Set(files);
  const edges: Edge[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName));
      if (known.has(target) && target !== file) targets.add(target);
    }
    for (const to of targets) edges.push({ from: file, to });
  }
  return { files, edges };
}

/** Groups of files that import each other, directly or round about (Tarjan's algorithm). */
export function cyclesOf(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const { from, to } of edges) next.get(from)!.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups;
}

export interface GraphReport {
  side: string;
  layers: readonly LayerSpec[];
  files: number;
  edges: number;
  cycles: string[][];
  /** Imports from a lower layer up into a higher one. */
  upward: Edge[];
  /** Imports from one feature's files into another's. */
  crossFeature: Edge[];
  /** Of those, the ones past the other feature's public entry. */
  internal: Edge[];
}

/** A side's graph and findings; `root`: another tree laid out like it (the tests'). */
export function checkGraph(root = serverDir, side: Side = server): GraphReport {
  const { files, edges } = readGraph(root, side.leftOut);
  const { layers } = side;
  const layer = (file: string) => rank(layers, layerOf(file, layers));
  const crossFeature = edges.filter(
    (e) => featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to),
  );
  return {
    side: side.name,
    layers,
    files: files.length,
    edges: edges.length,
    cycles: cyclesOf(files, edges),
    upward: edges.filter((e) => layer(e.to) > layer(e.from)),
    crossFeature,
    internal: crossFeature.filter((e) => !isPublicEntry(e.to)),
  };
}

export function formatReport(report: GraphReport): string {
  const layerOfFile = (file: string) => layerOf(file, report.layers);
  const lines = [
    `${report.side}: ${report.files} files, ${report.edges} imports`,
    `cycles: ${report.cycles.length}`,
    ...report.cycles.map((group) => `  ${group.join(' ⇄ ')}`),
    `arrows back up: ${report.upward.length}`,
    ...report.upward.map(
      (e) => `  ${e.from} (${layerOfFile(e.from)}) → ${e.to} (${layerOfFile(e.to)})`,
    ),
    `cross-feature imports: ${report.crossFeature.length}` +
      ` (${report.internal.length} past a feature's public entry)`,
    ...report.crossFeature.map((e) => `  ${isPublicEntry(e.to) ? ' ' : '✗'} ${e.from} → ${e.to}`),
  ];
  return lines.join('\n');
}

/** What fails the check: a cycle, an arrow back up, a reach past a public entry. */
export const findings = (report: GraphReport) =>
  report.cycles.length + report.upward.length + report.internal.length;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reports = [checkGraph(server.dir, server), checkGraph(web.dir, web)];
  console.log(reports.map(formatReport).join('\n\n'));
  if (reports.some((report) => findings(report) > 0)) {
    console.error(
      '\nThe import graph crosses a border (docs/architecture.md): see the lines above.',
    );
    process.exitCode = 1;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The server's import graph and its borders (issue 49, decision 055). Every import counts,
// `import type` and `import()` included: a type-only cycle is a cycle. Tests (*.test.ts) and
// the authorisation matrix's rows (*.matrix.ts, test data a feature keeps) are left out: a test
// may reach into what it tests.
//   npm run graph          prints the counts and every finding; exits 1 on a finding
// scripts/import-graph.test.ts runs the same check with the unit tests.

export const serverDir = path.resolve(import.meta.dirname, '../src/server');

/**
 * The layers, lowest first: a file may import its own layer and those below it, never above.
 * Features import other features only through their public entry (features/<name>/index.ts).
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
] as const;
export type Layer = (typeof LAYERS)[number]['name'];

export function layerOf(file: string): Layer {
  for (const layer of LAYERS) {
    if (layer.paths.some((p) => (p.endsWith('/') || p === '' ? file.startsWith(p) : file === p))) {
      return layer.name;
    }
  }
  return 'app';
}

const rank = (layer: Layer) => LAYERS.findIndex((l) => l.name === layer);

/** The feature a file belongs to (features/<name>/…), or undefined. */
export const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];

/** A feature's public entry: what other features may import. */
export const isPublicEntry = (file: string) => /^features\/[^/]+\/index\.ts$/.test(file);

export interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string, base = dir): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') files.push(...sourceFiles(full, base));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|matrix)\.tsx?$/.test(entry.name)) {
      files.push(path.relative(base, full).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/** Every import of one server file to another (static, dynamic, re-exports, types). */
export function readGraph(root = serverDir): { files: string[]; edges: Edge[] } {
  const files = sourceFiles(root);
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

export function checkGraph(root = serverDir): GraphReport {
  const { files, edges } = readGraph(root);
  const crossFeature = edges.filter(
    (e) => featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to),
  );
  return {
    files: files.length,
    edges: edges.length,
    cycles: cyclesOf(files, edges),
    upward: edges.filter((e) => rank(layerOf(e.to)) > rank(layerOf(e.from))),
    crossFeature,
    internal: crossFeature.filter((e) => !isPublicEntry(e.to)),
  };
}

export function formatReport(report: GraphReport): string {
  const lines = [
    `src/server: ${report.files} files, ${report.edges} imports`,
    `cycles: ${report.cycles.length}`,
    ...report.cycles.map((group) => `  ${group.join(' ⇄ ')}`),
    `arrows back up: ${report.upward.length}`,
    ...report.upward.map((e) => `  ${e.from} (${layerOf(e.from)}) → ${e.to} (${layerOf(e.to)})`),
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
  const report = checkGraph();
  console.log(formatReport(report));
  if (findings(report) > 0) {
    console.error(
      '\nThe import graph crosses a border (docs/architecture.md): see the lines above.',
    );
    process.exitCode = 1;
  }
}

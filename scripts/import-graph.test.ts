import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGraph, findings, formatReport } from './import-graph.ts';

// The server's borders (issue 49, decision 055): no import cycle (type imports counted), no
// arrow from a lower layer up (base → platform → core → http → features → app), and a feature
// reaches another only through its public entry (features/<name>/index.ts).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A small server tree: file → its text. */
function tree(name: string, files: Record<string, string>) {
  const root = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the import graph check', () => {
  it('finds a cycle made of type imports only', () => {
    const report = checkGraph(
      tree('cycle', {
        'app.ts': "import type { Options } from './create-context.ts';\nexport type App = 1;\n",
        'create-context.ts': "import type { App } from './app.ts';\nexport type Options = 1;\n",
      }),
    );
    expect(report.cycles).toEqual([['app.ts', 'create-context.ts']]);
    expect(findings(report)).toBe(1);
  });

  it('finds an arrow back up: platform importing http, the schema importing a feature', () => {
    const report = checkGraph(
      tree('upward', {
        'http/errors.ts': 'export class AppError extends Error {}\n',
        'platform/images.ts': "import { AppError } from '../http/errors.ts';\n",
        'features/finance/notes.ts': 'export type Note = 1;\n',
        'db/schema.ts': "import type { Note } from '../features/finance/notes.ts';\n",
        'features/finance/finance.routes.ts': "import '../../db/schema.ts';\n",
      }),
    );
    expect(report.upward.map((e) => `${e.from} → ${e.to}`).sort()).toEqual([
      'db/schema.ts → features/finance/notes.ts',
      'platform/images.ts → http/errors.ts',
    ]);
  });

  it('lets a feature use another only through its public entry (index.ts), dynamic imports too', () => {
    const report = checkGraph(
      tree('features', {
        'features/giving/index.ts': "export { createGift } from './giving.service.ts';\n",
        'features/giving/giving.service.ts': 'export const createGift = 1;\n',
        'features/ussd/ussd.actions.ts': "import { createGift } from '../giving/index.ts';\n",
        'features/ussd/ussd.service.ts': "await import('../giving/giving.service.ts');\n",
        // Tests and matrix rows are left out.
        'features/ussd/ussd.test.ts': "import '../giving/giving.service.ts';\n",
        'features/ussd/ussd.matrix.ts': "import '../../testing/authorization-matrix.ts';\n",
        'testing/authorization-matrix.ts': 'export {};\n',
      }),
    );
    expect(report.crossFeature).toHaveLength(2);
    expect(report.internal).toEqual([
      { from: 'features/ussd/ussd.service.ts', to: 'features/giving/giving.service.ts' },
    ]);
    expect(report.upward).toEqual([]);
  });

  it('passes on the server as it stands', () => {
    const report = checkGraph();
    console.log(
      formatReport(report)
        .split('\n')
        .filter((l) => !l.startsWith('  '))
        .join('\n'),
    );
    expect(report.cycles, 'import cycles').toEqual([]);
    expect(report.upward, 'imports from a lower layer up').toEqual([]);
    expect(report.internal, "imports past a feature's public entry (index.ts)").toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkGraph,
  findings,
  formatReport,
  server,
  web,
  type GraphReport,
} from './import-graph.ts';

// The borders of the server and the web app (issue 49, decision 055, docs/architecture.md): no
// import cycle (type imports counted), no arrow from a lower layer up (server: base → platform →
// core → http → features → app; web: base → core → components → features → app), and a
// feature reaches another only through its public entry (features/<name>/index.ts).

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
    expectNoFindings(checkGraph(server.dir, server));
  });
});

describe("the web app's import graph check", () => {
  it('finds a type-only cycle, an arrow up from components and core, a reach past an index.ts', () => {
    const report = checkGraph(
      tree('web', {
        'core/useSession.ts': "import type { Gift } from '../features/giving/giving.api.ts';\n",
        'components/Layout.tsx': "import { SupportButton } from '../features/support/index.ts';\n",
        'features/support/index.ts': "export { SupportButton } from './SupportButton.tsx';\n",
        'features/support/SupportButton.tsx': "import '../../core/useSession.ts';\n",
        'features/giving/giving.api.ts':
          "import type { Row } from './rows.ts';\nexport type Gift = 1;\n",
        'features/giving/rows.ts':
          "import type { Gift } from './giving.api.ts';\nexport type Row = 1;\n",
        'features/pledges/PledgesPage.tsx':
          "import { withPart } from '../giving/message-part.tsx';\n",
        'features/giving/message-part.tsx': 'export const withPart = 1;\n',
      }),
      web,
    );
    expect(report.cycles).toEqual([['features/giving/giving.api.ts', 'features/giving/rows.ts']]);
    expect(report.upward.map((e) => `${e.from} → ${e.to}`).sort()).toEqual([
      'components/Layout.tsx → features/support/index.ts',
      'core/useSession.ts → features/giving/giving.api.ts',
    ]);
    expect(report.internal).toEqual([
      { from: 'features/pledges/PledgesPage.tsx', to: 'features/giving/message-part.tsx' },
    ]);
    expect(findings(report)).toBe(4);
  });

  it("counts a feature's screen rows and page loaders as the shell's, and leaves tests out", () => {
    const report = checkGraph(
      tree('web-shell', {
        'routes.ts': "import { sermonsApiPaths } from './features/sermons/sermons.paths.ts';\n",
        'features/sermons/sermons.paths.ts': 'export const sermonsApiPaths = {};\n',
        // The router finds these by a glob; they name the shell's types.
        'features/admin/admin.screens.ts': "import type { Screen } from '../../routes.ts';\n",
        'features/admin/admin.pages.ts': "export { screens } from './admin.screens.ts';\n",
        'features/admin/admin.test.ts': "import '../sermons/sermons.paths.ts';\n",
        'Layout.tsx': "import './features/admin/admin.pages.ts';\n",
      }),
      web,
    );
    expect(report.files).toBe(5);
    expect(findings(report)).toBe(0);
  });

  it('passes on the web app as it stands', () => {
    expectNoFindings(checkGraph(web.dir, web));
  });
});

function expectNoFindings(report: GraphReport) {
  console.log(
    formatReport(report)
      .split('\n')
      .filter((l) => !l.startsWith('  '))
      .join('\n'),
  );
  expect(report.cycles, 'import cycles').toEqual([]);
  expect(report.upward, 'imports from a lower layer up').toEqual([]);
  expect(report.internal, "imports past a feature's public entry (index.ts)").toEqual([]);
}

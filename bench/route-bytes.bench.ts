// JS and CSS a cold visit of each route downloads: from the build manifest (what the build's
// budget check counts, decision 011) and from Chromium's network log (360×740, cold cache,
// bytes as they came over the wire, headers included: ≈ 1.2 kB a response with the server's
// security headers, which the build's figures do not count). kB = 1,000 bytes.
import path from 'node:path';
import { readManifest, routeCosts, wireSize, KB } from '../scripts/route-budgets.ts';
import { repoRoot } from '../tests/e2e/support/harness.ts';
import type { BenchRow } from './report.ts';
import { guestScript, ROUTES, withAppAndBrowser } from './front-end.ts';

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
const goalFor = (route: string) => (route === '/auth' ? 100 : 130);

export default async function routeBytes(): Promise<BenchRow[]> {
  return withAppAndBrowser(async (app, browser) => {
    const rows: BenchRow[] = [];
    const outDir = path.join(repoRoot, 'dist/web');
    for (const cost of routeCosts(readManifest(outDir), wireSize(outDir))) {
      rows.push({
        measure: `build: ${[...cost.via, cost.module].map((m) => path.basename(m)).join(' → ')} JS`,
        value: kb(cost.js),
        unit: 'kB',
        goal: `≤ ${kb(cost.budget.js)}`,
        ok: !cost.over,
      });
    }
    for (const route of ROUTES) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        serviceWorkers: 'block',
      });
      if (route.guest) await context.addInitScript(guestScript);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const types = new Map<string, string>();
      const bytes = { Script: 0, Stylesheet: 0 };
      cdp.on('Network.requestWillBeSent', (e) => types.set(e.requestId, e.type ?? 'Other'));
      cdp.on('Network.loadingFinished', (e) => {
        const type = types.get(e.requestId);
        if (type === 'Script' || type === 'Stylesheet') bytes[type] += e.encodedDataLength;
      });
      await page.goto(app.baseURL + route.path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      rows.push({
        measure: `Chromium cold ${route.path} JS`,
        value: kb(bytes.Script),
        unit: 'kB',
        goal: `≤ ${goalFor(route.path)}`,
        ok: bytes.Script <= goalFor(route.path) * KB,
      });
      rows.push({
        measure: `Chromium cold ${route.path} CSS`,
        value: kb(bytes.Stylesheet),
        unit: 'kB',
        goal: '≤ 15',
        ok: bytes.Stylesheet <= 15 * KB,
      });
      await context.close();
    }
    return rows;
  });
}

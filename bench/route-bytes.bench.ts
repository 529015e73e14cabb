// JS and CSS a cold visit of each route downloads: from the build manifest (what the build's
// budget check counts, decision 011) and from Chromium's network log (360×740, cold cache,
// bytes as they came over the wire, headers included: ≈ 0.4 kB a hashed file, which the
// build's figures do not count). /profile is measured signed in, with a saved number in Ghana
// and outside it. kB = 1,000 bytes.
import path from 'node:path';
import { readManifest, routeCosts, wireSize, KB } from '../scripts/route-budgets.ts';
import { repoRoot } from '../tests/e2e/support/harness.ts';
import { createAccount, type StorageState } from '../tests/e2e/support/sessions.ts';
import type { BenchRow } from './report.ts';
import { guestScript, ROUTES, withAppAndBrowser } from './front-end.ts';

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
const goalFor = (route: string) => (route === '/auth' ? 100 : 130);

/**
 * /profile signed in: a saved number loads the phone engine at once, and a number outside
 * Ghana its calling code's metadata beside it (decision 011, fourth pass).
 */
const PROFILES = [
  { label: 'a Ghana number', phone: '+233241234567' },
  { label: 'a number outside Ghana', phone: '+447400123456' },
];

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
    const measure = async (
      label: string,
      url: string,
      options: { guest?: boolean; storageState?: StorageState },
    ) => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        serviceWorkers: 'block',
        storageState: options.storageState,
      });
      if (options.guest) await context.addInitScript(guestScript);
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
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const goal = goalFor(new URL(url).pathname);
      rows.push({
        measure: `Chromium cold ${label} JS`,
        value: kb(bytes.Script),
        unit: 'kB',
        goal: `≤ ${goal}`,
        ok: bytes.Script <= goal * KB,
      });
      rows.push({
        measure: `Chromium cold ${label} CSS`,
        value: kb(bytes.Stylesheet),
        unit: 'kB',
        goal: '≤ 15',
        ok: bytes.Stylesheet <= 15 * KB,
      });
      await context.close();
    };
    for (const route of ROUTES) {
      await measure(route.path, app.baseURL + route.path, { guest: route.guest });
    }
    for (const [index, profile] of PROFILES.entries()) {
      const storageState = await createAccount(app.baseURL, {
        email: `bench-profile-${index}-${Date.now()}@example.com`,
        password: 'long-enough-1',
        phone: profile.phone,
      });
      await measure(`/profile (${profile.label})`, `${app.baseURL}/profile`, { storageState });
    }
    return rows;
  });
}

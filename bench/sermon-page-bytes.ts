// What /sermons/{id} costs a member before play is tapped, measured in Chromium.
//
//   ./node_modules/.bin/node bench/sermon-page-bytes.ts     (Node 24, as npm scripts use)
//
// Builds the web app when needed, starts the real server on a fresh embedded database
// (or TEST_DATABASE_URL's server), opens a sermon by a direct link in a 360×740 page with
// a cold cache, and sums what the network delivered (CDP Network.loadingFinished
// encodedDataLength: headers and body as they came over the wire) until the page is idle.
// Then it taps play and lists what the player asked for, and visits again with the cache
// warm. Prints a summary and writes bench/results/sermon-page-bytes.json.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';
import { buildWebOnce, repoRoot, startApp } from '../tests/e2e/support/harness.ts';

const SERMON_ID = 'sermon-01';

interface Transfer {
  url: string;
  type: string;
  status: number | null;
  bytes: number;
  fromCache: boolean;
  failed: string | null;
}

/** Records every request of the page through the DevTools protocol. */
async function recordNetwork(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const transfers = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (e) => {
    transfers.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      status: null,
      bytes: 0,
      fromCache: false,
      failed: null,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const t = transfers.get(e.requestId);
    if (!t) return;
    t.status = e.response.status;
    t.fromCache = Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    // The status the server sent (304 for a revalidated answer the cache then serves).
    const t = transfers.get(e.requestId);
    if (t) t.status = e.statusCode;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = transfers.get(e.requestId);
    if (t) t.bytes = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const t = transfers.get(e.requestId);
    if (t) t.failed = e.errorText;
  });
  return {
    all: () => [...transfers.values()].filter((t) => !t.url.startsWith('data:')),
    reset: () => transfers.clear(),
  };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

function summarize(transfers: Transfer[], origin: string) {
  const own = transfers.filter((t) => t.url.startsWith(origin));
  const thirdParty = transfers.filter((t) => !t.url.startsWith(origin));
  return {
    sameOriginBytes: own.reduce((sum, t) => sum + t.bytes, 0),
    sameOriginRequests: own.length,
    sameOrigin: own.map((t) => ({
      path: t.url.slice(origin.length),
      type: t.type,
      status: t.status,
      bytes: t.bytes,
      fromCache: t.fromCache,
    })),
    thirdParty: thirdParty.map((t) => ({
      url: t.url,
      type: t.type,
      bytes: t.bytes,
      outcome: t.failed ?? `HTTP ${t.status}`,
    })),
  };
}

/** The same files gzipped: what the page would cost with compression on the server. */
async function gzippedBytes(origin: string, paths: string[]) {
  let total = 0;
  for (const p of paths) {
    const body = Buffer.from(await (await fetch(origin + p)).arrayBuffer());
    total += gzipSync(body, { level: 6 }).length;
  }
  return total;
}

buildWebOnce();
const app = await startApp();
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const network = await recordNetwork(page);
  const url = `${app.baseURL}/sermons/${SERMON_ID}`;

  // 1. Cold cache, straight to the sermon by a shared link.
  await page.goto(url);
  await page.getByRole('button', { name: /^Play / }).waitFor();
  await settle(page);
  const framesBeforeTap = await page.locator('iframe').count();
  const before = summarize(network.all(), app.baseURL);

  // 2. The tap: what the player asks for (it cannot load here: this machine is offline).
  network.reset();
  await page.getByRole('button', { name: /^Play / }).click();
  await page.locator('iframe').waitFor({ state: 'attached' });
  await page.waitForTimeout(2000);
  const afterTap = summarize(network.all(), app.baseURL);

  // 3. Warm cache: the same link again in a new tab.
  const again = await context.newPage();
  const network2 = await recordNetwork(again);
  await again.goto(url);
  await again.getByRole('button', { name: /^Play / }).waitFor();
  await settle(again);
  const warm = summarize(network2.all(), app.baseURL);

  const gzip = await gzippedBytes(
    app.baseURL,
    before.sameOrigin.map((t) => t.path),
  );

  const result = {
    measuredAt: new Date().toISOString(),
    page: `/sermons/${SERMON_ID}`,
    viewport: '360x740',
    database: app.databaseUrl ? 'PostgreSQL' : 'embedded PGlite',
    beforeTap: { ...before, iframes: framesBeforeTap },
    sameOriginBytesIfGzipped: gzip,
    afterTap: { requests: afterTap.thirdParty, sameOriginBytes: afterTap.sameOriginBytes },
    warmCacheRevisit: {
      sameOriginBytes: warm.sameOriginBytes,
      sameOriginRequests: warm.sameOriginRequests,
      sameOrigin: warm.sameOrigin,
    },
  };
  const out = path.join(repoRoot, 'bench/results/sermon-page-bytes.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`/sermons/${SERMON_ID}, cold cache, before play is tapped (${result.database}):`);
  console.log(
    `  same origin: ${kb(before.sameOriginBytes)} (${before.sameOriginBytes} bytes) in ${before.sameOriginRequests} requests; iframes: ${framesBeforeTap}`,
  );
  for (const t of before.sameOrigin) {
    console.log(`    ${String(t.bytes).padStart(8)}  ${t.status}  ${t.path}`);
  }
  console.log(`  the same files gzipped would be: ${kb(gzip)} (${gzip} bytes)`);
  console.log('  third-party requests attempted:');
  for (const t of before.thirdParty) console.log(`    ${t.url} (${t.outcome})`);
  console.log('after the tap, the player asked for:');
  for (const t of afterTap.thirdParty) console.log(`    ${t.url} (${t.outcome})`);
  console.log(
    `warm-cache revisit: ${kb(warm.sameOriginBytes)} (${warm.sameOriginBytes} bytes) in ${warm.sameOriginRequests} requests`,
  );
  console.log(`written to ${path.relative(repoRoot, out)}`);
} finally {
  await browser.close();
  await app.dispose();
}

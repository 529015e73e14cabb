// Draws the app icons (web manifest, home screen) from src/web/public/logo.svg in Chromium and
// writes them to src/web/public/icons/. Run again when the logo changes:
//   ./node_modules/.bin/node scripts/make-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'src/web/public/logo.svg'), 'utf8');
const out = path.join(root, 'src/web/public/icons');
fs.mkdirSync(out, { recursive: true });

// A maskable icon keeps its drawing inside the middle 80 % (the safe zone) on a full square.
const icons = [
  { file: 'icon-192.png', size: 192, inset: 0, background: 'transparent' },
  { file: 'icon-512.png', size: 512, inset: 0, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.14, background: '#4b2a8c' },
];

/**
 * The same pixels, compressed harder than Chromium's screenshot (about a third smaller): the
 * browser downloads the 192 px icon while a page loads, to check that the app is installable.
 */
async function smallestPng(png: Buffer): Promise<Buffer> {
  const candidates = await Promise.all(
    [false, true].map((adaptiveFiltering) =>
      sharp(png).png({ compressionLevel: 9, adaptiveFiltering }).toBuffer(),
    ),
  );
  return candidates.reduce((a, b) => (b.length < a.length ? b : a));
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const pad = Math.round(icon.size * icon.inset);
    await page.setContent(
      `<html><body style="margin:0;background:${icon.background}">` +
        `<div style="padding:${pad}px;width:${icon.size}px;height:${icon.size}px;box-sizing:border-box">` +
        svg.replace('<svg ', '<svg width="100%" height="100%" ') +
        '</div></body></html>',
    );
    const shot = await page.screenshot({ omitBackground: true });
    await fs.promises.writeFile(path.join(out, icon.file), await smallestPng(shot));
    await page.close();
    console.log(`${icon.file}: ${fs.statSync(path.join(out, icon.file)).size} bytes`);
  }
} finally {
  await browser.close();
}

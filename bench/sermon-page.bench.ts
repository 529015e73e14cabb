// The sermon page before play (bench/sermon-page-bytes.ts, which also runs on its own), in
// the suite: same-origin bytes cold and warm, and nothing from the video platform until play.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { KIB } from '../scripts/route-budgets.ts';
import type { BenchRow } from './report.ts';

export default async function sermonPage(): Promise<BenchRow[]> {
  const script = path.join(import.meta.dirname, 'sermon-page-bytes.ts');
  const run = spawnSync(process.execPath, [script], { stdio: 'inherit', timeout: 300_000 });
  if (run.status !== 0) throw new Error('sermon-page-bytes.ts failed');
  const result = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'results/sermon-page-bytes.json'), 'utf8'),
  );
  const frames = result.beforeTap.iframes as number;
  const thirdParty = (result.beforeTap.thirdParty as { url: string }[]).filter(
    (t) => /youtube|ytimg/.test(t.url) && !t.url.includes('i.ytimg.com'),
  ).length;
  const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;
  return [
    {
      measure: '/sermons/{id} cold, same origin',
      value: kib(result.beforeTap.sameOriginBytes),
      unit: 'KiB',
    },
    {
      measure: '/sermons/{id} warm revisit',
      value: kib(result.warmCacheRevisit.sameOriginBytes),
      unit: 'KiB',
    },
    { measure: 'player frames before play', value: frames, unit: '', goal: '0', ok: frames === 0 },
    {
      measure: 'player requests before play',
      value: thirdParty,
      unit: '',
      goal: '0',
      ok: thirdParty === 0,
    },
  ];
}

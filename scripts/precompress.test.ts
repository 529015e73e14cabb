import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside text files that are worth it, and nothing else', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = 'export const hymn = "Amazing grace, how sweet the sound";\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    const summary = precompressDir(dir);

    const br = fs.readFileSync(path.join(dir, 'assets', 'main-abc.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets', 'main-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
    // Too small to be worth it, and not text:
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    expect(summary).toMatchObject({ files: 1, bytes: js.length, brotliBytes: br.length });
  });
});

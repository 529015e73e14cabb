import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { jpegPhoto, storedUpload, uploadFile } from '../testing/workers.ts';

// Upload attacks beside workers.test.ts (SVG, HTML and GIF dressed as photos, oversized
// files) and storage.test.ts (expired and tampered links): names that try to leave the
// store, script hidden inside a real image, a PDF or archive with an image's name, and a
// stored file of any type never served inline as a page (issue 15, Build 4).

describe('uploads', () => {
  let t: TestApp;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    member = await memberSession(t, 'uploader@example.com');
  });
  afterAll(async () => t.close());

  const filesOf = () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else found.push(full);
      }
    };
    walk(t.dataDir);
    return found;
  };

  it.each([
    '../../../../tmp/evil.jpg',
    '..\\..\\..\\evil.jpg',
    '/etc/passwd.jpg',
    'photo.jpg\u0000.html',
    '%2e%2e%2fevil.jpg',
    `${'a'.repeat(5000)}.jpg`,
  ])('stores %j under a key the server chose, inside the store', async (name) => {
    const res = await uploadFile(t, member, 'passport_photo', {
      name,
      type: 'image/jpeg',
      bytes: await jpegPhoto(),
    });
    // A NUL in the name is refused at the edge; every other name is simply not used.
    expect([201, 400]).toContain(res.statusCode);
    if (res.statusCode === 400) return;
    const { row } = await storedUpload(t, res.json().id);
    expect(row.storageKey).toMatch(/^applications\/[A-Za-z0-9]+\/[0-9a-f-]+-passport_photo\.jpg$/);
    for (const file of filesOf()) {
      expect(path.resolve(file).startsWith(path.resolve(t.dataDir) + path.sep)).toBe(true);
      expect(path.basename(file)).not.toContain('evil');
    }
  });

  it('re-encodes a real photo with script appended, so the script is not kept', async () => {
    const polyglot = Buffer.concat([
      await jpegPhoto(),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await uploadFile(t, member, 'passport_photo', {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: polyglot,
    });
    expect(res.statusCode).toBe(201);
    const { stored } = await storedUpload(t, res.json().id);
    expect(stored.contentType).toBe('image/jpeg');
    expect(stored.body.includes(Buffer.from('<script>'))).toBe(false);
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['a zip archive', Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000', 'binary')],
    ['an executable', Buffer.from('MZ\u0090\u0000\u0003\u0000', 'binary')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with an image name and type', async (_what, bytes) => {
    const res = await uploadFile(t, member, 'passport_photo', {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().error.code).toBe('string');
  });

  it('serves any stored page, script or unknown type as a download, never inline', async () => {
    const storage = t.app.ctx.storage;
    for (const [key, type] of [
      ['security/page.html', 'text/html'],
      ['security/drawing.svg', 'image/svg+xml'],
      ['security/script.js', 'text/javascript'],
      ['security/unknown.bin', 'application/octet-stream'],
      ['security/xml.xml', 'application/xhtml+xml'],
    ] as const) {
      await storage.put(key, Buffer.from('<script>alert(1)</script>'), type);
      const url = new URL(await storage.signedUrl(key, { expiresInSeconds: 60 }), 'http://x');
      const res = await t.app.inject({ url: url.pathname + url.search });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-disposition'], key).toMatch(/^attachment/);
      expect(res.headers['x-content-type-options'], key).toBe('nosniff');
      expect(res.headers['content-security-policy'], key).toContain("default-src 'none'");
    }
  });

  it("does not let one file's link open another, or a download name be changed", async () => {
    const storage = t.app.ctx.storage;
    await storage.put('security/a.png', Buffer.from('a'), 'image/png');
    await storage.put('security/b.png', Buffer.from('b'), 'image/png');
    const link = new URL(
      await storage.signedUrl('security/a.png', { expiresInSeconds: 60, downloadName: 'a.png' }),
      'http://x',
    );
    const other = `${link.pathname.replace('a.png', 'b.png')}${link.search}`;
    expect((await t.app.inject({ url: other })).statusCode).toBe(403);
    link.searchParams.set('name', 'a.html');
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(403);
    // Without its signature or expiry, or with a key that climbs out: refused.
    expect((await t.app.inject({ url: '/api/files/security/a.png' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/files/security/..%2F..%2Fsecrets.json${link.search}` }))
        .statusCode,
    ).toBe(403);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import { startS3rver } from '../../testing/s3rver.ts';
import { registerRequestLocale } from '../locale.ts';
import { fileRoutes } from './file.routes.ts';
import { createLocalStorage, verifyLocalSignature } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { createStorage } from './create-storage.ts';
import { assertValidKey, contentDisposition, type Storage } from './storage.ts';

const secret = 'test-secret-that-is-at-least-32-characters-long';
const localPublicUrl = 'http://flock.test';

interface Driver {
  storage: Storage;
  /** Fetches a signed URL over real HTTP. */
  open(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

async function makeTempDir(prefix: string) {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

function fileApp(storage: Storage): FastifyInstance {
  const app = Fastify({ logger: false });
  // As in app.ts: each request answered in its cookie's language.
  registerRequestLocale(app);
  void app.register(fileRoutes, { ctx: { storage, secrets: { authSecret: secret } } });
  return app;
}

async function startLocal(): Promise<Driver & { app: FastifyInstance; root: string }> {
  const dir = await makeTempDir('flock-local-storage-');
  const root = path.join(dir, 'files');
  const storage = createLocalStorage({ root, publicUrl: localPublicUrl, secret });
  const app = fileApp(storage);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    storage,
    app,
    root,
    open: (url, init) => fetch(url.replace(localPublicUrl, base), init),
    async close() {
      await app.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function startS3(): Promise<Driver> {
  const s3 = await startS3rver('flock-test');
  const storage = createS3Storage(s3.settings);
  return {
    storage,
    open: (url) => fetch(url),
    async close() {
      storage.destroy();
      await s3.close();
    },
  };
}

/** Signs a link as if it were an hour ago, so it has long expired. */
async function signInThePast(storage: Storage, key: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() - 60 * 60 * 1000);
    return await storage.signedUrl(key, { expiresInSeconds: 60 });
  } finally {
    vi.useRealTimers();
  }
}

const newKey = (name = 'photo.png') => `tests/${randomUUID()}/${name}`;

const invalidKeys = [
  '',
  '/leading-slash.png',
  'trailing/',
  'a//b.png',
  'a/./b.png',
  '../secrets.json',
  'a/../../secrets.json',
  'file..png',
  'with space.png',
  'back\\slash.png',
  'query?.png',
  'percent%2e.png',
  'ünïcode.png',
  'x'.repeat(513),
];

const drivers = [
  // s3rver accepts any SigV4 signature (its v4 check is unimplemented), so a tampered S3 link
  // can only be refused by real S3; the local driver is ours and must refuse it.
  { name: 'local disk', start: startLocal, checksSignatures: true },
  { name: 'S3 (s3rver)', start: startS3, checksSignatures: false },
];

describe.each(drivers)('$name storage', ({ start, checksSignatures }) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await start();
  });
  afterAll(async () => {
    await driver?.close();
  });

  it('returns the stored bytes and content type', async () => {
    const key = newKey();
    const body = Buffer.concat([Buffer.from([...Array(256).keys()]), randomBytes(4096)]);
    await driver.storage.put(key, body, 'image/png');

    const object = await driver.storage.get(key);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/png');
    expect(object!.size).toBe(body.length);
    expect(object!.body.equals(body)).toBe(true);
  });

  it('replaces an object put again under the same key', async () => {
    const key = newKey('notes.txt');
    await driver.storage.put(key, Buffer.from('first'), 'text/plain');
    await driver.storage.put(key, Buffer.from('second version'), 'text/plain; charset=utf-8');

    const object = await driver.storage.get(key);
    expect(object?.body.toString()).toBe('second version');
    expect(object?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('returns null for a key that was never stored', async () => {
    expect(await driver.storage.get(newKey())).toBeNull();
  });

  it('deletes an object, and deleting a missing key is not an error', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('bytes'), 'image/png');
    await driver.storage.delete(key);
    expect(await driver.storage.get(key)).toBeNull();
    await expect(driver.storage.delete(key)).resolves.toBeUndefined();
    await expect(driver.storage.delete(newKey())).resolves.toBeUndefined();
  });

  it('rejects invalid keys in every operation', async () => {
    for (const key of invalidKeys) {
      await expect(driver.storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Storage key/,
      );
      await expect(driver.storage.get(key), key).rejects.toThrow(/Storage key/);
      await expect(driver.storage.delete(key), key).rejects.toThrow(/Storage key/);
      await expect(driver.storage.signedUrl(key, { expiresInSeconds: 60 }), key).rejects.toThrow(
        /Storage key/,
      );
    }
  });

  it('rejects a content type that could break the response header', async () => {
    await expect(
      driver.storage.put(newKey(), Buffer.from('x'), 'text/html\r\nset-cookie: a=b'),
    ).rejects.toThrow(/content type/);
  });

  it('serves the file through its signed link', async () => {
    const key = newKey();
    const body = randomBytes(2048);
    await driver.storage.put(key, body, 'image/png');

    const response = await driver.open(
      await driver.storage.signedUrl(key, { expiresInSeconds: 300 }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
  });

  it('asks the browser to download under the given name', async () => {
    const key = newKey('abc.pdf');
    await driver.storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');

    const url = await driver.storage.signedUrl(key, {
      expiresInSeconds: 300,
      downloadName: 'Appointment letter.pdf',
    });
    const response = await driver.open(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Appointment letter.pdf"',
    );
    expect(await response.text()).toBe('%PDF-1.7');
  });

  it('refuses an expired link', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('secret photo'), 'image/png');

    const response = await driver.open(await signInThePast(driver.storage, key));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('secret photo');
  });

  // s3rver does not check SigV4 signatures, so this runs for the local driver only (real S3 does).
  if (checksSignatures)
    it('refuses a link with a tampered signature', async () => {
      const key = newKey();
      await driver.storage.put(key, Buffer.from('secret photo'), 'image/png');
      const url = new URL(await driver.storage.signedUrl(key, { expiresInSeconds: 300 }));
      const signatureParam = url.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
      const signature = url.searchParams.get(signatureParam)!;
      url.searchParams.set(signatureParam, (signature[0] === '0' ? '1' : '0') + signature.slice(1));

      const response = await driver.open(url.toString());
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('secret photo');
    });

  it('answers 404 for a signed link to an object that is gone', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('bytes'), 'image/png');
    const url = await driver.storage.signedUrl(key, { expiresInSeconds: 300 });
    await driver.storage.delete(key);

    const response = await driver.open(url);
    expect(response.status).toBe(404);
  });
});

describe('local file links', () => {
  let driver: Awaited<ReturnType<typeof startLocal>>;
  beforeAll(async () => {
    driver = await startLocal();
  });
  afterAll(async () => {
    await driver?.close();
  });

  it('makes links on the public URL that expire at the requested time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const url = new URL(await driver.storage.signedUrl('a/b.png', { expiresInSeconds: 600 }));
    expect(url.origin + url.pathname).toBe(`${localPublicUrl}/api/files/a/b.png`);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + 600);
    expect(expires).toBeLessThanOrEqual(before + 601);
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends private caching limited to the time the link has left, and nosniff', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('img'), 'image/png');
    const response = await driver.open(
      await driver.storage.signedUrl(key, { expiresInSeconds: 120 }),
    );

    expect(response.status).toBe(200);
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(response.headers.get('cache-control') ?? '')?.[1],
    );
    expect(maxAge).toBeGreaterThan(110);
    expect(maxAge).toBeLessThanOrEqual(120);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe('inline');
  });

  it.each([
    ['text/html', 'page.html'],
    ['image/svg+xml', 'drawing.svg'],
    ['application/octet-stream', 'blob.bin'],
  ])('serves %s as a download, never inline', async (contentType, name) => {
    const key = newKey(name);
    await driver.storage.put(key, Buffer.from('<script>alert(1)</script>'), contentType);
    const response = await driver.open(
      await driver.storage.signedUrl(key, { expiresInSeconds: 60 }),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('tells the person an expired link has expired', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('img'), 'image/png');
    const response = await driver.open(await signInThePast(driver.storage, key));

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'LINK_EXPIRED', message: 'This link has expired. Ask for a new one.' },
    });
  });

  it('refuses a link whose expiry was pushed later', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('img'), 'image/png');
    const url = new URL(await signInThePast(driver.storage, key));
    url.searchParams.set('expires', String(Math.floor(Date.now() / 1000) + 3600));

    const response = await driver.open(url.toString());
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'LINK_INVALID',
    );
  });

  it('refuses a link reused for another file or another download name', async () => {
    const key = newKey();
    const other = newKey();
    await driver.storage.put(key, Buffer.from('mine'), 'image/png');
    await driver.storage.put(other, Buffer.from('theirs'), 'image/png');
    const url = new URL(
      await driver.storage.signedUrl(key, { expiresInSeconds: 60, downloadName: 'a.png' }),
    );

    const otherFile = new URL(url);
    otherFile.pathname = `/api/files/${other}`;
    const renamed = new URL(url);
    renamed.searchParams.set('name', 'b.html');
    for (const tampered of [otherFile, renamed]) {
      const response = await driver.open(tampered.toString());
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'LINK_INVALID',
      );
    }
  });

  it('refuses a link with its signature missing, and a path that leaves the files folder', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('img'), 'image/png');
    const url = new URL(await driver.storage.signedUrl(key, { expiresInSeconds: 60 }));
    url.searchParams.delete('sig');
    expect((await driver.open(url.toString())).status).toBe(403);

    const escape = await driver.app.inject({
      method: 'GET',
      url: '/api/files/..%2F..%2Fsecrets.json?expires=9999999999&sig=' + '0'.repeat(64),
    });
    expect(escape.statusCode).toBe(403);
    expect(escape.json()).toMatchObject({ error: { code: 'LINK_INVALID' } });
  });

  it('tells the person a file that is gone is gone', async () => {
    const key = newKey();
    const url = await driver.storage.signedUrl(key, { expiresInSeconds: 60 });
    const response = await driver.open(url);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'FILE_NOT_FOUND', message: 'This file is no longer available.' },
    });
    // In the language of the browser that opens it.
    const twi = await driver.open(url, { headers: { cookie: 'PARAGLIDE_LOCALE=ak' } });
    expect(await twi.json()).toEqual({
      error: { code: 'FILE_NOT_FOUND', message: 'Fael yi nni hɔ bio.' },
    });
  });

  it('keeps files and their content types under the root folder only', async () => {
    const key = newKey('scan.pdf');
    await driver.storage.put(key, Buffer.from('%PDF'), 'application/pdf');
    const files = await fs.readdir(driver.root, { recursive: true });
    expect(files).toContain(path.join('objects', key));
    expect(files).toContain(path.join('meta', `${key}.json`));
    expect(await fs.readdir(path.join(driver.root, 'tmp'))).toEqual([]);
  });
});

describe('verifyLocalSignature', () => {
  const now = Date.UTC(2026, 0, 1);
  const expires = String(now / 1000 + 60);

  it('accepts a link it signed until the moment it expires', async () => {
    const storage = createLocalStorage({ root: '/unused', publicUrl: localPublicUrl, secret });
    vi.useFakeTimers({ toFake: ['Date'], now });
    let url: URL;
    try {
      url = new URL(await storage.signedUrl('a/b.png', { expiresInSeconds: 60 }));
    } finally {
      vi.useRealTimers();
    }
    const link = { key: 'a/b.png', expires, sig: url.searchParams.get('sig'), name: undefined };
    expect(url.searchParams.get('expires')).toBe(expires);
    expect(verifyLocalSignature(secret, link, now + 59_999)).toEqual({
      ok: true,
      expires: Number(expires),
    });
    expect(verifyLocalSignature(secret, link, now + 60_000)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyLocalSignature('another-secret-of-at-least-32-characters', link, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it.each([
    { expires: undefined, sig: 'a'.repeat(64) },
    { expires: '12x', sig: 'a'.repeat(64) },
    { expires: '123', sig: 'a'.repeat(63) },
    { expires: '123', sig: ['a'.repeat(64)] },
    { expires: '123', sig: 'A'.repeat(64) },
  ])('calls a malformed link invalid without throwing: %o', (link) => {
    expect(verifyLocalSignature(secret, { key: 'a.png', name: undefined, ...link }, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});

describe('storage rules', () => {
  it('accepts the keys the app makes', () => {
    for (const key of ['applications/2026/abc-photo.png', 'chat/x_1.JPG', 'a', 'x'.repeat(512)]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it('writes download names a browser can read, without quotes or control characters', () => {
    expect(contentDisposition('attachment', 'letter.pdf')).toBe(
      'attachment; filename="letter.pdf"',
    );
    expect(contentDisposition('attachment', 'a"b\r\nc/d.pdf')).toBe(
      'attachment; filename="abcd.pdf"',
    );
    expect(contentDisposition('attachment', 'Ɔkɔmfo.pdf')).toBe(
      `attachment; filename="_k_mfo.pdf"; filename*=UTF-8''%C6%86k%C9%94mfo.pdf`,
    );
  });

  it('picks S3 when it is configured and local disk otherwise', async () => {
    const base = { dataDir: os.tmpdir(), publicUrl: localPublicUrl } as Config;
    expect((await createStorage({ ...base, s3: undefined }, { authSecret: secret })).kind).toBe(
      'local',
    );
    const s3 = await createStorage(
      {
        ...base,
        s3: {
          endpoint: 'http://127.0.0.1:9',
          region: 'us-east-1',
          bucket: 'b',
          accessKeyId: 'k',
          secretAccessKey: 's',
          forcePathStyle: true,
        },
      },
      { authSecret: secret },
    );
    expect(s3.kind).toBe('s3');
    (s3 as ReturnType<typeof createS3Storage>).destroy();
  });

  it('registers no file route when files are in S3', async () => {
    const app = fileApp({ kind: 's3' } as Storage);
    const response = await app.inject({ method: 'GET', url: '/api/files/a.png?expires=1&sig=x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).not.toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
    await app.close();
  });
});

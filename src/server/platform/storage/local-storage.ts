import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidKey,
  type Storage,
  type StoredObject,
} from './storage.ts';

// Layout under the root folder:
//   objects/<key>        the bytes
//   meta/<key>.json      { contentType } (kept apart so no key can collide with a sidecar)
//   tmp/                 writes land here first, then are renamed into place (same filesystem),
//                        so a reader never sees half a file.
// A key that is a prefix folder of another ("a/b" and "a/b/c") cannot exist on disk at once;
// keys are made by the server, which never does that.

interface Meta {
  contentType: string;
}

export function createLocalStorage(options: {
  root: string;
  /** The app's public origin, e.g. "https://flock.example.org" (no trailing slash). */
  publicUrl: string;
  /** HMAC key for links (the app's auth secret). */
  secret: string;
}): Storage {
  const root = path.resolve(options.root);
  const objectsDir = path.join(root, 'objects');
  const metaDir = path.join(root, 'meta');
  const tmpDir = path.join(root, 'tmp');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  function pathsFor(key: string) {
    assertValidKey(key);
    const object = path.join(objectsDir, key);
    // assertValidKey already rules out '..'; this is the belt to its braces.
    if (!object.startsWith(objectsDir + path.sep)) throw new Error('Storage key escapes the root.');
    return { object, meta: path.join(metaDir, `${key}.json`) };
  }

  async function writeAtomically(target: string, data: Buffer | string) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.mkdir(tmpDir, { recursive: true });
    const temp = path.join(tmpDir, `${randomUUID()}.tmp`);
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',

    async put(key, body, contentType) {
      const paths = pathsFor(key);
      assertValidContentType(contentType);
      const meta: Meta = { contentType };
      await writeAtomically(paths.meta, JSON.stringify(meta));
      await writeAtomically(paths.object, body);
    },

    async get(key): Promise<StoredObject | null> {
      const paths = pathsFor(key);
      let body: Buffer;
      try {
        body = await fs.readFile(paths.object);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta = JSON.parse(await fs.readFile(paths.meta, 'utf8')) as Partial<Meta>;
        if (typeof meta.contentType === 'string') contentType = meta.contentType;
      } catch (error) {
        if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
      }
      return { body, contentType, size: body.length };
    },

    async delete(key) {
      const paths = pathsFor(key);
      await fs.rm(paths.object, { force: true });
      await fs.rm(paths.meta, { force: true });
    },

    async signedUrl(key, { expiresInSeconds, downloadName }) {
      assertValidKey(key);
      assertValidExpiry(expiresInSeconds);
      const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const query = new URLSearchParams({
        expires: String(expires),
        sig: signLocalLink(options.secret, key, expires, downloadName),
      });
      if (downloadName !== undefined) query.set('name', downloadName);
      return `${publicUrl}/api/files/${key}?${query}`;
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Hex HMAC-SHA256 of "key\nexpires\ndownloadName" (downloadName empty when not given). */
export function signLocalLink(
  secret: string,
  key: string,
  expires: number,
  downloadName: string | undefined,
): string {
  return createHmac('sha256', secret)
    .update(`${key}\n${expires}\n${downloadName ?? ''}`)
    .digest('hex');
}

export type LinkCheck =
  { ok: true; expires: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a local file link. The signature is checked before the expiry, so a link whose
 * `expires` was edited is invalid rather than expired.
 */
export function verifyLocalSignature(
  secret: string,
  link: { key: string; expires: unknown; sig: unknown; name: unknown },
  nowMs: number = Date.now(),
): LinkCheck {
  const { key, expires, sig, name } = link;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires))
    return { ok: false, reason: 'invalid' };
  if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig))
    return { ok: false, reason: 'invalid' };
  if (name !== undefined && typeof name !== 'string') return { ok: false, reason: 'invalid' };
  const expiresAt = Number(expires);
  const expected = Buffer.from(signLocalLink(secret, key, expiresAt, name), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'invalid' };
  if (expiresAt * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, expires: expiresAt };
}

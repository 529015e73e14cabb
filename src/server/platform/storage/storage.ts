export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/**
 * Private file storage: local disk by default, an S3-compatible bucket when `S3_*` is set.
 * Keys are chosen by the server (never by a browser), e.g. "applications/2026/abc-photo.png".
 */
export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** A missing key is not an error. */
  delete(key: string): Promise<void>;
  /** An expiring link; the only way a browser gets a file (objects are private). */
  signedUrl(
    key: string,
    options: { expiresInSeconds: number; downloadName?: string },
  ): Promise<string>;
}

export class InvalidStorageKeyError extends Error {}

const maxKeyLength = 512;

/**
 * Keys become file paths on disk and object names in S3: only [A-Za-z0-9._/-], no '..', no
 * leading or trailing '/', no empty or '.' segments (so one object has one spelling), ≤ 512 chars.
 */
export function assertValidKey(key: string): void {
  const problem =
    typeof key !== 'string' || key.length === 0
      ? 'is empty'
      : key.length > maxKeyLength
        ? `is longer than ${maxKeyLength} characters`
        : !/^[A-Za-z0-9._/-]+$/.test(key)
          ? 'may only contain letters, digits, ".", "_", "-" and "/"'
          : key.includes('..')
            ? 'must not contain ".."'
            : key.split('/').some((segment) => segment === '' || segment === '.')
              ? 'must not start or end with "/" or have empty or "." segments'
              : undefined;
  if (problem) throw new InvalidStorageKeyError(`Storage key ${JSON.stringify(key)} ${problem}.`);
}

// A type/subtype with optional parameters; no control characters (it becomes a response header).
const contentTypePattern = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;[\x20-\x7e]*)?$/;

export function assertValidContentType(contentType: string): void {
  if (
    typeof contentType !== 'string' ||
    contentType.length > 200 ||
    !contentTypePattern.test(contentType)
  ) {
    throw new Error(`Invalid content type ${JSON.stringify(contentType)}.`);
  }
}

// S3 refuses presigned links longer than a week; the local driver keeps the same limit.
const maxExpiresInSeconds = 7 * 24 * 60 * 60;

export function assertValidExpiry(expiresInSeconds: number): void {
  if (
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > maxExpiresInSeconds
  ) {
    throw new Error(`expiresInSeconds must be a whole number from 1 to ${maxExpiresInSeconds}.`);
  }
}

/**
 * A Content-Disposition value (RFC 6266): an ASCII `filename` for old clients and a UTF-8
 * `filename*` for the real name, with quotes, slashes and control characters removed.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename?: string): string {
  if (filename === undefined) return type;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = filename.replace(/[\u0000-\u001f\u007f"\\/]/g, '').trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const value = `${type}; filename="${ascii}"`;
  if (ascii === clean) return value;
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${value}; filename*=UTF-8''${encoded}`;
}

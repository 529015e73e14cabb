import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on 127.0.0.1 that speaks what browsers' push services speak (RFC 8030): it
// refuses a push whose VAPID signature (RFC 8292) does not verify, decrypts its payload as the
// browser would (RFC 8291, aes128gcm, RFC 8188) with the keys of the device it made, and
// answers 410 for a device marked gone. It checks the app's sending independently of the
// library that does it.

export interface FakeDevice {
  /** What PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  id: string;
}

export interface DeliveredPush {
  device: string;
  payload: unknown;
  ttl: number;
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** The raw P-256 point as a verifying key. */
function p256Key(raw: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key. */
function checkVapid(header: string | undefined, origin: string, now: number) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('not a JWT');
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (alg.alg !== 'ES256') throw new Error('not ES256');
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: p256Key(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as DeliveredPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now / 1000 && claims.exp <= now / 1000 + 24 * 60 * 60)) {
    throw new Error('exp not within 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('sub is not mailto: or https:');
  return { claims, publicKey: key };
}

/** RFC 8291 with RFC 8188's aes128gcm record: what the browser does on receipt. */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record: data, a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(
  options: { onPush?: (push: DeliveredPush) => void | Promise<void> } = {},
) {
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean; silent?: boolean }
  >();
  const delivered: DeliveredPush[] = [];
  const refused: { device: string; reason: string }[] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const answer = (status: number) => {
          res.writeHead(status);
          res.end();
        };
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const device = id ? devices.get(id) : undefined;
        if (req.method !== 'POST' || !id || !device) return answer(404);
        if (device.gone) return answer(410);
        // Takes the push and never answers (issue 47: three such endpoints held a request 45 s).
        if (device.silent) return;
        if (failing) return answer(503);
        try {
          const { claims, publicKey } = checkVapid(req.headers.authorization, url, Date.now());
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const ttl = Number(req.headers.ttl);
          if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
          const payload = JSON.parse(decrypt(Buffer.concat(chunks), device)) as unknown;
          const push = { device: id, payload, ttl, claims, publicKey };
          delivered.push(push);
          await options.onPush?.(push);
          answer(201);
        } catch (error) {
          refused.push({ device: id, reason: error instanceof Error ? error.message : 'error' });
          answer(400);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    delivered,
    refused,
    /** A browser's subscription on this service: its endpoint and keys. */
    newDevice(): FakeDevice {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, gone: false });
      return {
        id,
        subscription: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
        },
      };
    },
    /** The browser dropped this subscription: pushes to it are answered 410 Gone. */
    gone(id: string) {
      devices.get(id)!.gone = true;
    },
    /** Pushes to this device are taken and never answered. */
    silent(id: string) {
      devices.get(id)!.silent = true;
    },
    /** Every push is answered 503 while true. */
    fail(value: boolean) {
      failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

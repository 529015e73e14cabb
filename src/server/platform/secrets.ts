import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** Signs sessions (auth library) and expiring file links. */
  authSecret: string;
  /** Signs our web pushes (VAPID, RFC 8292): the public half is the browser's applicationServerKey. */
  vapid: { publicKey: string; privateKey: string };
}

type Stored = Partial<Secrets>;

// Secrets the app needs are generated once and kept in the data directory when they are
// not configured, so `npm start` works with no settings, sessions survive restarts and
// devices stay subscribed (a new VAPID key would orphan every push subscription).
export function loadSecrets(
  dataDir: string,
  configured: {
    authSecret?: string | undefined;
    vapid?: { publicKey: string; privateKey: string } | undefined;
  },
): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Stored = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Stored;
  } catch {
    // missing or unreadable: make new ones below
  }
  let changed = false;
  if (!configured.authSecret && !(stored.authSecret && stored.authSecret.length >= 32)) {
    stored.authSecret = randomBytes(32).toString('base64url');
    changed = true;
  }
  if (!configured.vapid && !(stored.vapid?.publicKey && stored.vapid.privateKey)) {
    stored.vapid = newVapidKeys();
    changed = true;
  }
  if (changed) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  }
  return {
    authSecret: configured.authSecret ?? stored.authSecret!,
    vapid: configured.vapid ?? stored.vapid!,
  };
}

/** A P-256 key pair as VAPID wants it: the raw public point and the 32-byte private scalar. */
function newVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}

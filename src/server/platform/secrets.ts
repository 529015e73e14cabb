import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** Signs sessions (auth library) and expiring file links. */
  authSecret: string;
}

// Secrets the app needs are generated once and kept in the data directory when they are
// not configured, so `npm start` works with no settings and sessions survive restarts.
export function loadSecrets(
  dataDir: string,
  configured: { authSecret?: string | undefined },
): Secrets {
  if (configured.authSecret) return { authSecret: configured.authSecret };
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (stored.authSecret && stored.authSecret.length >= 32)
      return { authSecret: stored.authSecret };
  } catch {
    // missing or unreadable: make new ones below
  }
  const secrets: Secrets = { authSecret: randomBytes(32).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

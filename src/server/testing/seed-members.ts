import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';

// Members written with SQL, each with a live session the server accepts: for the benches and
// the cluster's load test, which need hundreds of signed-in members in seconds (signing each
// in over HTTP would meet the sign-in limits, decision 028).

/** The session cookie as a production server names it (the __Secure- prefix). */
export const PRODUCTION_SESSION_COOKIE = '__Secure-flock.session_token';

/** The cookie the server accepts for this session token (signed as the auth library does). */
export function sessionCookie(token: string, authSecret: string): string {
  const signature = createHmac('sha256', authSecret).update(token).digest('base64');
  return `${PRODUCTION_SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

export interface Member {
  id: string;
  email: string;
  cookie: string;
}

/** Confirmed members (`<prefix><n>@bench.example`) with a live session each. */
export async function seedMembers(
  database: Pick<Database, 'query'>,
  count: number,
  prefix: string,
  authSecret: string,
): Promise<Member[]> {
  const members: Member[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
      const n = start + i;
      const email = `${prefix}${n}@bench.example`;
      return { id: randomUUID(), token: randomBytes(24).toString('hex'), n, email };
    });
    const values = (row: (r: (typeof batch)[number]) => string) => batch.map(row).join(',\n');
    await database.query(
      `insert into users (id, full_name, email, email_verified, phone_number, assembly_name)
       values ${values((r) => `('${r.id}', 'Bench Member ${r.n}', '${r.email}', true, '+233241234567', 'grace')`)}`,
      [],
    );
    await database.query(
      `insert into auth_sessions (id, token, user_id, expires_at)
       values ${values((r) => `('${randomUUID()}', '${r.token}', '${r.id}', now() + interval '7 days')`)}`,
      [],
    );
    members.push(
      ...batch.map((r) => ({
        id: r.id,
        email: r.email,
        cookie: sessionCookie(r.token, authSecret),
      })),
    );
  }
  return members;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Church } from './db/content.ts';
import type { Auth } from './platform/auth.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { Payments } from './platform/payments/payments.ts';
import type { Realtime } from './platform/realtime.ts';
import type { Secrets } from './platform/secrets.ts';
import type { SmsSender } from './platform/sms/sms.ts';
import type { SessionCache } from './platform/session-cache.ts';
import type { Storage } from './platform/storage/storage.ts';

/** What services need, passed as an argument (no DI container). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Where the finance reports read (decision 047): the read replica's read-only handle when
   * DATABASE_REPLICA_URL is set, else `db` itself. Only for reads that may be seconds behind.
   */
  reportsDb: Db;
  church: Church;
  secrets: Secrets;
  mailer: Mailer;
  /** SMS through the configured gateway, or kept in the dev outbox. */
  sms: SmsSender;
  auth: Auth;
  /** Sessions this process looked up in the last few seconds (platform/session-cache.ts). */
  sessions: SessionCache;
  payments: Payments;
  storage: Storage;
  /** Fan-out to sockets on every app instance (LISTEN/NOTIFY). */
  realtime: Realtime;
  /** The server's clock: every time window (edit 15 min, delete 24 h) is judged by it. */
  now: () => Date;
  log: FastifyBaseLogger;
}

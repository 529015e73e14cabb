import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, openReplica, type Database } from './db/client.ts';
import { loadChurch, loadContent } from './db/content.ts';
import { SessionCache } from './platform/session-cache.ts';
import { createAuth } from './platform/auth.ts';
import { createMailer, withoutPhoneOnlyAddresses, type Mailer } from './platform/mail/mailer.ts';
import { gatewayRows, gatewayTable } from './platform/gateways.ts';
import { createPayments } from './platform/payments/payments.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { createSmsSender } from './platform/sms/sms.ts';
import { loadSecrets } from './platform/secrets.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import type { Storage } from './platform/storage/storage.ts';

/** Pieces a caller of buildApp hands in instead of those config would open (app.ts BuildOptions). */
export interface ContextOptions {
  /** An open database; otherwise one is opened from config. */
  database?: Database;
  /** Close `database` when the app closes (default: only when the app opened it). */
  ownsDatabase?: boolean;
  mailer?: Mailer;
  storage?: Storage;
  /** The server's clock (tests move it to the edges of the message windows). */
  now?: () => Date;
}

/**
 * What every service is given (context.ts): the database migrated and the content files
 * applied, the secrets, mail, auth, payments, storage and realtime, each closed with the app.
 */
export async function createContext(
  app: FastifyInstance,
  config: Config,
  options: ContextOptions,
): Promise<AppContext> {
  const ownsDatabase = options.ownsDatabase ?? !options.database;
  const database = options.database ?? (await openDatabase(config));
  let realtime: Realtime | undefined;
  let replica: Database | undefined;
  app.addHook('onClose', async () => {
    // The listening connection goes before the database it listens on.
    await realtime?.close();
    await replica?.close();
    if (ownsDatabase) await database.close();
  });
  // The one place that picks where reports read (decision 047); connects on the first report.
  if (config.databaseReplicaUrl) replica = await openReplica(config.databaseReplicaUrl);

  await database.migrate();
  const changed = await loadContent(database.db, config.contentDir);
  if (changed.length > 0) app.log.info({ changed }, 'content files applied');

  const secrets = loadSecrets(config.dataDir, {
    authSecret: config.authSecret,
    vapid: config.vapid,
  });
  const mailer = withoutPhoneOnlyAddresses(
    options.mailer ??
      (await createMailer({
        smtpUrl: config.smtpUrl,
        mailFrom: config.mailFrom,
        db: database.db,
        log: app.log,
      })),
  );
  if (mailer.kind === 'dev' && config.env !== 'test') {
    app.log.warn(
      'SMTP_URL is not set: mail is NOT delivered. It is kept at /dev/mailbox (this machine only).',
    );
  }
  app.addHook('onClose', async () => mailer.close());
  const sms = createSmsSender({
    settings: config.sms,
    timeoutMs: config.giving.providerTimeoutMs,
    allowedCountries: config.smsLimits.allowedCountries,
    db: database.db,
    log: app.log,
  });
  if (config.env !== 'test' && sms.kind === 'dev') {
    app.log.warn(
      'SMS_PROVIDER is not set: SMS is NOT sent. It is kept at /dev/outbox (this machine only).',
    );
  } else if (config.env !== 'test') {
    app.log.info(`SMS is sent through ${sms.kind} as ${config.sms!.senderId}.`);
  }

  const church = loadChurch(config.contentDir);
  const storage = options.storage ?? (await createStorage(config, secrets));
  // Each gateway to the outside and its guard, once at start (issue 47).
  const gateways = gatewayRows(config, { mail: mailer.kind, sms: sms.kind, storage: storage.kind });
  app.log.info({ gateways }, `Gateways:\n${gatewayTable(gateways)}`);
  return {
    config,
    database,
    db: database.db,
    reportsDb: replica?.db ?? database.db,
    church,
    secrets,
    mailer,
    sms,
    auth: createAuth({ config, db: database.db, mailer, sms, church, secrets, log: app.log }),
    sessions: new SessionCache(config.sessionCacheMs),
    payments: createPayments(config),
    storage,
    realtime: (realtime = await createRealtime(database, app.log)),
    now: options.now ?? (() => new Date()),
    log: app.log,
  };
}

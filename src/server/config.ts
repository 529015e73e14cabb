import path from 'node:path';
import { USSD_GATEWAYS, envSchema, type UssdGateway } from './config-env.ts';

// Every setting comes from the environment and is checked once, at start: each variable by
// its schema (config-env.ts), then together here.

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
}

export interface MoolreSettings {
  apiUser: string;
  apiKey: string;
  accountNumber: string;
  callbackSecret: string;
  baseUrl: string;
}

/** A real SMS gateway (platform/sms/gateways.ts); without one SMS goes to the dev outbox. */
export type SmsSettings = { senderId: string; baseUrl: string | undefined } & (
  | { provider: 'hubtel'; clientId: string; clientSecret: string }
  | { provider: 'arkesel' | 'mnotify'; apiKey: string }
);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  contentDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** How DATABASE_URL reaches PostgreSQL (decision 045). */
  databasePoolMode: 'session' | 'transaction';
  /** PostgreSQL itself, for LISTEN/NOTIFY, migrations and backups; set in transaction mode. */
  databaseDirectUrl: string | undefined;
  /** A read replica (streaming standby) the finance reports read from (decision 047). */
  databaseReplicaUrl: string | undefined;
  authSecret: string | undefined;
  logLevel: string;
  /** Responses slower than this are logged (with every error and non-2xx answer). */
  slowRequestMs: number;
  /** How long a process trusts a session it looked up (0: look it up on every request). */
  sessionCacheMs: number;
  trustProxy: boolean | number | string;
  /** Without it mail goes to the dev mailbox (production must ask for that: DEV_MAILBOX). */
  smtpUrl: string | undefined;
  mailFrom: string;

  s3: S3Settings | undefined;
  sms: SmsSettings | undefined;
  /** What SMS may cost (decision 051): where it may go, and the code SMS budgets. */
  smsLimits: { allowedCountries: string[]; codesPerHour: number; codesPerDay: number };
  ussd: {
    /** The gateway routes that exist (decision 052): production names them, with a guard. */
    gateways: UssdGateway[];
    /** Gateways must send it (header or query `secret`) when set. */
    secret: string | undefined;
    /** Only these addresses may call the USSD routes when set. */
    allowedIps: string[];
    /** The mobile-money prompt waits this long, so the USSD session has closed first. */
    promptDelayMs: number;
  };
  supportRateLimit: number;
  /** Lower-case emails that are admins whenever their account exists. */
  adminEmails: string[];
  /** Attempts per client (and per account) per window on sign-in, sign-up, reset, email check. */
  authRateLimit: number;
  giving: {
    maxAmountPesewas: number;
    /** Real card payments; the sandbox is used when unset. */
    paystack: PaystackSettings | undefined;
    /** Real mobile money; the sandbox is used when unset. */
    moolre: MoolreSettings | undefined;
    providerTimeoutMs: number;
    pendingTimeoutMs: number;
    /** 0 turns the background reconciler off. */
    reconcileIntervalMs: number;
    sandboxMomoDelayMs: number;
  };
  /** How often the durable job schedule is looked at (0: not by this instance). */
  jobsIntervalMs: number;
  /** How long an entrance QR code lasts (decision 039). */
  checkinQrMs: number;
  /** SIGTERM: not ready but serving for graceMs; exit 1 past timeoutMs (decision 046). */
  shutdown: { graceMs: number; timeoutMs: number };
  /** Web push (decision 041): configured keys, else the data directory's. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Tests only: the one push service on this machine endpoints may also name (decision 052). */
  pushTestOrigin: string | undefined;
}

export class ConfigError extends Error {}

export { loadDotEnv } from './dotenv.ts';

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // comma-separated addresses or CIDR ranges
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;

  if (e.DATABASE_POOL_MODE === 'transaction' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_POOL_MODE=transaction needs DATABASE_URL (the pooler, e.g. PgBouncer); ' +
        'the embedded database has no pooler',
    );
  }
  if (e.DATABASE_POOL_MODE === 'transaction' && !e.DATABASE_DIRECT_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: must be set when DATABASE_POOL_MODE=transaction, to PostgreSQL ' +
        'itself (not through the pooler): LISTEN/NOTIFY and the migrations need a session of their own',
    );
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: set only with DATABASE_URL (the embedded database needs neither)',
    );
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: set only with DATABASE_URL (a read replica is a standby of a ' +
        'PostgreSQL server; the embedded database has none)',
    );
  }

  const s3Values = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  const s3Set = s3Values.filter((v) => v !== undefined).length;
  if (s3Set > 0 && s3Set < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }

  const moolreValues = [
    e.MOOLRE_API_USER,
    e.MOOLRE_API_KEY,
    e.MOOLRE_ACCOUNT_NUMBER,
    e.MOOLRE_CALLBACK_SECRET,
  ];
  const moolreSet = moolreValues.filter((v) => v !== undefined).length;
  if (moolreSet > 0 && moolreSet < 4) {
    throw new ConfigError(
      'Invalid configuration:\n  MOOLRE_API_USER, MOOLRE_API_KEY, MOOLRE_ACCOUNT_NUMBER and MOOLRE_CALLBACK_SECRET must be set together',
    );
  }

  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.DEV_MAILBOX !== true) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: must be set in production, so sign-up and password-reset mail is delivered ' +
        '(or set DEV_MAILBOX=true to keep mail in the dev mailbox, readable only on this machine and by admins)',
    );
  }
  if (e.SMTP_URL && e.DEV_MAILBOX === true) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_MAILBOX: cannot be true when SMTP_URL is set (mail is delivered)',
    );
  }

  // Production waits for the proxy to notice; `node --watch` in development restarts at once.
  const shutdownGraceMs = e.SHUTDOWN_GRACE_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0);
  if (e.SHUTDOWN_TIMEOUT_MS <= shutdownGraceMs) {
    throw new ConfigError(
      'Invalid configuration:\n  SHUTDOWN_TIMEOUT_MS must be longer than SHUTDOWN_GRACE_MS (the grace period is part of it)',
    );
  }

  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or leave both unset)',
    );
  }

  const production = e.NODE_ENV === 'production';
  const ussdGateways = e.USSD_GATEWAYS ?? (production ? [] : [...USSD_GATEWAYS]);
  if (production && ussdGateways.length > 0 && !e.USSD_SECRET && !e.USSD_ALLOWED_IPS) {
    throw new ConfigError(
      'Invalid configuration:\n  USSD_GATEWAYS: in production the USSD routes answer only a guarded gateway: set ' +
        'USSD_SECRET (the secret your gateway sends) or USSD_ALLOWED_IPS (its addresses), or leave USSD_GATEWAYS unset (USSD off)',
    );
  }
  if (production && e.PUSH_TEST_ORIGIN) {
    throw new ConfigError(
      "Invalid configuration:\n  PUSH_TEST_ORIGIN: for tests only; production pushes only to the browsers' push services",
    );
  }

  let sms: SmsSettings | undefined;
  const smsBase = { senderId: e.SMS_SENDER_ID, baseUrl: e.SMS_BASE_URL?.replace(/\/+$/, '') };
  if (e.SMS_PROVIDER === 'hubtel') {
    if (!e.SMS_CLIENT_ID || !e.SMS_CLIENT_SECRET) {
      throw new ConfigError(
        'Invalid configuration:\n  SMS_PROVIDER=hubtel needs SMS_CLIENT_ID and SMS_CLIENT_SECRET',
      );
    }
    sms = {
      ...smsBase,
      provider: 'hubtel',
      clientId: e.SMS_CLIENT_ID,
      clientSecret: e.SMS_CLIENT_SECRET,
    };
  } else if (e.SMS_PROVIDER === 'arkesel' || e.SMS_PROVIDER === 'mnotify') {
    if (!e.SMS_API_KEY) {
      throw new ConfigError(
        `Invalid configuration:\n  SMS_PROVIDER=${e.SMS_PROVIDER} needs SMS_API_KEY`,
      );
    }
    sms = { ...smsBase, provider: e.SMS_PROVIDER, apiKey: e.SMS_API_KEY };
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    contentDir: path.resolve(e.CONTENT_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolMode: e.DATABASE_POOL_MODE,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3:
      s3Set === 3
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    sms,
    smsLimits: {
      allowedCountries: e.SMS_ALLOWED_COUNTRIES,
      codesPerHour: e.SMS_CODE_BUDGET_HOUR,
      codesPerDay: Math.max(e.SMS_CODE_BUDGET_DAY, e.SMS_CODE_BUDGET_HOUR),
    },
    ussd: {
      gateways: [...new Set(ussdGateways)],
      secret: e.USSD_SECRET,
      allowedIps: (e.USSD_ALLOWED_IPS ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
      promptDelayMs: e.USSD_PROMPT_DELAY_MS,
    },
    supportRateLimit: e.SUPPORT_RATE_LIMIT,
    adminEmails: e.ADMIN_EMAILS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    giving: {
      maxAmountPesewas: Math.round(e.GIVING_MAX_AMOUNT * 100),
      paystack: e.PAYSTACK_SECRET_KEY
        ? { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, '') }
        : undefined,
      moolre:
        moolreSet === 4
          ? {
              apiUser: e.MOOLRE_API_USER!,
              apiKey: e.MOOLRE_API_KEY!,
              accountNumber: e.MOOLRE_ACCOUNT_NUMBER!,
              callbackSecret: e.MOOLRE_CALLBACK_SECRET!,
              baseUrl: e.MOOLRE_BASE_URL.replace(/\/+$/, ''),
            }
          : undefined,
      providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
      pendingTimeoutMs: e.GIFT_PENDING_TIMEOUT_MINUTES * 60_000,
      reconcileIntervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
      sandboxMomoDelayMs: e.SANDBOX_MOMO_DELAY_MS,
    },
    jobsIntervalMs: e.JOBS_INTERVAL_SECONDS * 1000,
    checkinQrMs: e.CHECKIN_QR_SECONDS * 1000,
    shutdown: { graceMs: shutdownGraceMs, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    pushTestOrigin: e.PUSH_TEST_ORIGIN && new URL(e.PUSH_TEST_ORIGIN).origin,
  };
}

/** 'Flock <no-reply@example.org>' → 'no-reply@example.org'. */
function mailAddress(from: string) {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

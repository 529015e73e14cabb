import path from 'node:path';
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';

// Every setting comes from the environment and is checked here once, at start.
// `npm start` needs none of them; see .env.example for what each one does.

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The USSD gateway contracts Flock speaks (features/ussd/ussd.routes.ts). */
export const USSD_GATEWAYS = ['africastalking', 'hubtel'] as const;
export type UssdGateway = (typeof USSD_GATEWAYS)[number];

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number (0-65535)' })
    .int('must be a port number (0-65535)')
    .min(0, 'must be a port number (0-65535)')
    .max(65535, 'must be a port number (0-65535)')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  CONTENT_DIR: z.string().min(1).default('./content'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  /** Decision 045: `transaction` when DATABASE_URL is PgBouncer (or another pooler) in transaction mode. */
  DATABASE_POOL_MODE: z
    .enum(['session', 'transaction', ''], {
      error:
        'must be session (PostgreSQL itself or a pooler in session mode) or transaction (PgBouncer in transaction mode)',
    })
    .transform((value) => (value === '' ? 'session' : value))
    .default('session'),
  DATABASE_DIRECT_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  /** Decision 047: a streaming standby of DATABASE_URL's server; the finance reports read it. */
  DATABASE_REPLICA_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalString,
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Flock <no-reply@localhost>'),
  DEV_MAILBOX: booleanString.optional(),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString.default(true),
  SUPPORT_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  GIVING_MAX_AMOUNT: z.coerce
    .number({ error: 'must be an amount in GHS' })
    .positive('must be more than 0')
    .max(10_000_000, 'must be at most 10000000')
    .default(50_000),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  MOOLRE_API_USER: optionalString,
  MOOLRE_API_KEY: optionalString,
  MOOLRE_ACCOUNT_NUMBER: optionalString,
  MOOLRE_CALLBACK_SECRET: optionalString,
  MOOLRE_BASE_URL: z.url().default('https://api.moolre.com'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  GIFT_PENDING_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Rolling deploys (decision 046): serve on, not ready, this long after SIGTERM. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** …and exit 1 if draining has not finished this long after SIGTERM. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** How long an entrance QR lasts before the next replaces it (decision 039). */
  CHECKIN_QR_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  /** Web push (decision 041): both keys or neither (then generated into the data directory). */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')
      .optional(),
  ),
  /** Who push services may contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
      .optional(),
  ),
  SMS_PROVIDER: z.enum(['hubtel', 'arkesel', 'mnotify', '']).optional(),
  SMS_SENDER_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9]{1,11}$/,
      'must be 1 to 11 letters or digits (what phones show as the sender)',
    )
    .default('Flock'),
  SMS_API_KEY: optionalString,
  SMS_CLIENT_ID: optionalString,
  SMS_CLIENT_SECRET: optionalString,
  SMS_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Decision 052: the gateway contracts answered; outside production both by default, in it none. */
  USSD_GATEWAYS: optionalString.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((name) => name.trim()))
      .pipe(z.array(z.enum(USSD_GATEWAYS, { error: 'must name africastalking, hubtel or both' })))
      .optional(),
  ),
  /** Where Flock may send SMS at all (decision 051): ISO country codes, comma-separated. */
  SMS_ALLOWED_COUNTRIES: z
    .string()
    .trim()
    .default('GH')
    .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()))
    .refine((codes) => codes.every((code) => isSupportedCountry(code)), {
      error: 'must be ISO country codes separated by commas, e.g. GH or GH,TG',
    }),
  /** Code SMS (sign-up, proving a phone, resets) for the whole app per hour and per day. */
  SMS_CODE_BUDGET_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  SMS_CODE_BUDGET_DAY: z.coerce.number().int().min(1).max(1_000_000).default(400),
  USSD_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  USSD_ALLOWED_IPS: optionalString,
  USSD_PROMPT_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** Tests only (refused in production): a push service on this machine, e.g. http://127.0.0.1:9000. */
  PUSH_TEST_ORIGIN: optionalString.pipe(
    z
      .url({ hostname: /^(127\.0\.0\.1|localhost)$/, error: 'must be http://127.0.0.1:<port>' })
      .optional(),
  ),
  SANDBOX_MOMO_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
});

export type Env = z.input<typeof envSchema>;

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

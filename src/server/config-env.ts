import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';

// The environment's variables, each checked by its schema (config.ts checks them together and
// builds the Config). `npm start` needs none of them; see .env.example for what each one does.

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

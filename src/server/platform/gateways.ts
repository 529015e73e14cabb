import type { Config } from '../config.ts';

// The start-up table of Flock's gateways to the outside (issue 47): each one, what it is
// (a real service, or kept on this machine), and what guards it. One look at the log says
// whether production runs as meant: mail delivered, USSD answering only its gateway,
// payments signed, pushes only to the browsers' push services, files private.

export interface GatewayRow {
  gateway: string;
  state: string;
  guard: string;
}

const THIS_MACHINE = 'read only from this machine and by admins';

/** One row per gateway, from the configuration and what was built from it. */
export function gatewayRows(
  config: Config,
  built: { mail: 'smtp' | 'dev'; sms: string; storage: 'local' | 's3' },
): GatewayRow[] {
  const { ussd, giving } = config;
  const ussdGuard = [
    ussd.secret ? 'USSD_SECRET' : '',
    ussd.allowedIps.length > 0 ? `USSD_ALLOWED_IPS (${ussd.allowedIps.join(', ')})` : '',
  ].filter(Boolean);
  const simulator =
    config.env !== 'production' || ussd.gateways.length === 0
      ? `; phone simulator at /sandbox/ussd${config.env === 'production' ? ` (${THIS_MACHINE})` : ''}`
      : '';
  return [
    built.mail === 'smtp'
      ? { gateway: 'mail', state: `SMTP ${smtpHost(config.smtpUrl)}`, guard: 'the SMTP account' }
      : { gateway: 'mail', state: 'NOT delivered: dev mailbox', guard: THIS_MACHINE },
    built.sms === 'dev'
      ? { gateway: 'SMS', state: 'NOT sent: dev outbox', guard: THIS_MACHINE }
      : {
          gateway: 'SMS',
          state: `${built.sms} as ${config.sms?.senderId}`,
          guard: 'the gateway account',
        },
    {
      gateway: 'USSD',
      state: (ussd.gateways.length > 0 ? ussd.gateways.join(', ') : 'off') + simulator,
      guard:
        ussd.gateways.length === 0
          ? '-'
          : ussdGuard.length > 0
            ? ussdGuard.join(' and ')
            : 'NONE: any caller (refused in production)',
    },
    giving.paystack
      ? { gateway: 'card payments', state: 'Paystack', guard: 'signed webhooks (HMAC-SHA512)' }
      : { gateway: 'card payments', state: 'sandbox (test mode)', guard: 'no money moves' },
    giving.moolre
      ? { gateway: 'mobile money', state: 'Moolre', guard: 'callback secret, status checked' }
      : { gateway: 'mobile money', state: 'sandbox (test mode)', guard: 'no money moves' },
    {
      gateway: 'push',
      state: `web push, VAPID keys ${config.vapid ? 'from VAPID_*' : 'in DATA_DIR'}`,
      guard:
        'FCM, Mozilla, Apple and Microsoft push hosts only' +
        (config.pushTestOrigin ? ` and ${config.pushTestOrigin} (PUSH_TEST_ORIGIN)` : ''),
    },
    built.storage === 's3'
      ? {
          gateway: 'storage',
          state: `S3 bucket ${config.s3?.bucket}${config.s3?.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
          guard: 'private; expiring signed links',
        }
      : {
          gateway: 'storage',
          state: `local disk in ${config.dataDir}`,
          guard: 'private; expiring signed links',
        },
  ];
}

/** The rows as an aligned table for the log. */
export function gatewayTable(rows: GatewayRow[]): string {
  const header = { gateway: 'gateway', state: 'state', guard: 'guard' };
  const all = [header, ...rows];
  const width = (key: keyof GatewayRow) => Math.max(...all.map((row) => row[key].length));
  const [g, s] = [width('gateway'), width('state')];
  return all
    .map((row) => `  ${row.gateway.padEnd(g)}  ${row.state.padEnd(s)}  ${row.guard}`.trimEnd())
    .join('\n');
}

/** The SMTP server's host and port, never its credentials. */
function smtpHost(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return '';
  }
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp } from '../testing/test-app.ts';
import { gatewayRows, gatewayTable, type GatewayRow } from './gateways.ts';

// Issue 47: the start-up log lists each gateway to the outside and its guard.

describe('the gateways table at start', () => {
  it('is logged once by a production app: each gateway, its state and guard, no secret', async () => {
    const lines: { msg?: string; gateways?: GatewayRow[] }[] = [];
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        DEV_MAILBOX: 'true',
        LOG_LEVEL: 'info',
        USSD_GATEWAYS: 'hubtel',
        USSD_SECRET: 'a-long-shared-secret-never-logged',
        USSD_ALLOWED_IPS: '198.51.100.7',
        SMS_PROVIDER: 'arkesel',
        SMS_API_KEY: 'an-api-key-never-logged',
      },
      build: { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      const logged = lines.filter((line) => line.gateways);
      expect(logged).toHaveLength(1);
      const { msg, gateways } = logged[0]!;
      expect(gateways!.map((row) => row.gateway)).toEqual([
        'mail',
        'SMS',
        'USSD',
        'card payments',
        'mobile money',
        'push',
        'storage',
      ]);
      const row = (name: string) => gateways!.find((r) => r.gateway === name)!;
      expect(row('mail').state).toBe('NOT delivered: dev mailbox');
      expect(row('SMS').state).toBe('arkesel as Flock');
      expect(row('USSD')).toEqual({
        gateway: 'USSD',
        state: 'hubtel',
        guard: 'USSD_SECRET and USSD_ALLOWED_IPS (198.51.100.7)',
      });
      expect(row('push').guard).toBe('FCM, Mozilla, Apple and Microsoft push hosts only');
      expect(row('card payments').state).toBe('sandbox (test mode)');
      expect(msg).toMatch(/^Gateways:\n {2}gateway +state +guard\n {2}mail +NOT delivered/);
      expect(JSON.stringify(logged)).not.toMatch(/never-logged/);
    } finally {
      await t.close();
    }
  });

  it('says when USSD is off, or open outside production', () => {
    const built = { mail: 'dev', sms: 'dev', storage: 'local' } as const;
    const prod = gatewayRows(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }), built);
    expect(prod.find((r) => r.gateway === 'USSD')).toEqual({
      gateway: 'USSD',
      state: 'off; phone simulator at /sandbox/ussd (read only from this machine and by admins)',
      guard: '-',
    });
    const dev = gatewayRows(loadConfig({}), built);
    expect(dev.find((r) => r.gateway === 'USSD')!.guard).toBe(
      'NONE: any caller (refused in production)',
    );
    const table = gatewayTable(dev).split('\n');
    expect(table).toHaveLength(8);
    // Aligned: every state starts in the same column.
    const column = table[0]!.indexOf('state');
    expect(table.every((line) => line.slice(column - 2, column) === '  ')).toBe(true);
  });
});

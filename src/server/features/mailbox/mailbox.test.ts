import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('dev mailbox', () => {
  let t: TestApp;
  let adminCookie: string;
  let memberCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    adminCookie = await memberSession(t, 'boss@example.com');
    memberCookie = await memberSession(t, 'plain@example.com');
  });
  afterAll(async () => t.close());

  const open = (remoteAddress: string, cookie?: string) =>
    t.app.inject({ url: '/dev/mailbox.json', remoteAddress, headers: cookie ? { cookie } : {} });

  it('shows kept mail to requests from this machine', async () => {
    const res = await open('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().mails.map((m: { to: string }) => m.to)).toContain('plain@example.com');
    const page = await t.app.inject({ url: '/dev/mailbox', remoteAddress: '::1' });
    expect(page.body).toContain('Confirm your Flock account');
  });

  it('refuses other machines, members included, but not admins', async () => {
    expect((await open('203.0.113.9')).statusCode).toBe(403);
    expect((await open('203.0.113.9', memberCookie)).statusCode).toBe(403);
    expect((await open('203.0.113.9', adminCookie)).statusCode).toBe(200);
  });

  it('does not exist when SMTP is configured', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      expect((await smtp.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

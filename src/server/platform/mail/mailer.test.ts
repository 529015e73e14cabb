import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';
import { createSmtpMailer } from './mailer.ts';

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SMTP mailer', () => {
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });

  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers a mail to the SMTP server with its recipient, subject and text', async () => {
    const mailer = await createSmtpMailer(smtp.url, 'Flock <no-reply@flock.test>');
    try {
      await mailer.send({
        to: 'ama@example.test',
        subject: 'Confirm your email',
        text: 'Open this link to confirm: https://flock.test/confirm?token=abc123',
      });
    } finally {
      mailer.close();
    }

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.from).toBe('no-reply@flock.test');
    expect(mail!.to).toEqual(['ama@example.test']);
    expect(mail!.raw).toMatch(/^From: Flock <no-reply@flock\.test>\r$/m);
    expect(mail!.raw).toMatch(/^To: ama@example\.test\r$/m);
    expect(mail!.raw).toMatch(/^Subject: Confirm your email\r$/m);
    expect(mail!.raw).toContain(
      'Open this link to confirm: https://flock.test/confirm?token=abc123',
    );
    expect(mail!.subject).toBe('Confirm your email');
    expect(mail!.text).toContain('https://flock.test/confirm?token=abc123');
  });

  it('fails at once, instead of hanging, when nothing listens at the SMTP address', async () => {
    const mailer = await createSmtpMailer(
      `smtp://127.0.0.1:${await closedPort()}`,
      'Flock <no-reply@flock.test>',
    );
    const started = Date.now();
    try {
      await expect(
        mailer.send({ to: 'ama@example.test', subject: 'Hello', text: 'Hello' }),
      ).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      mailer.close();
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

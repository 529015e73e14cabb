import net from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer.ts';

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

function addressOf(address: SMTPServerAddress | false): string | undefined {
  return address ? address.address : undefined;
}

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SMTP mailer', () => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: addressOf(session.envelope.mailFrom),
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('delivers a mail to the SMTP server with its recipient, subject and text', async () => {
    const mailer = await createSmtpMailer(
      `smtp://127.0.0.1:${port}`,
      'Flock <no-reply@flock.test>',
    );
    try {
      await mailer.send({
        to: 'ama@example.test',
        subject: 'Confirm your email',
        text: 'Open this link to confirm: https://flock.test/confirm?token=abc123',
      });
    } finally {
      mailer.close();
    }

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@flock.test');
    expect(mail!.to).toEqual(['ama@example.test']);
    expect(mail!.raw).toMatch(/^From: Flock <no-reply@flock\.test>\r$/m);
    expect(mail!.raw).toMatch(/^To: ama@example\.test\r$/m);
    expect(mail!.raw).toMatch(/^Subject: Confirm your email\r$/m);
    expect(mail!.raw).toContain(
      'Open this link to confirm: https://flock.test/confirm?token=abc123',
    );
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

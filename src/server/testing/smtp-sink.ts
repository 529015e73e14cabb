import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that run the app
// with SMTP_URL (mail leaves the process as in production, not through the dev mailbox).

export interface SunkMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: SunkMail[];
  /** The links in mails to `to`, oldest first; waits (bounded) until there are `count`. */
  linksTo(to: string, count?: number): Promise<URL[]>;
  close(): Promise<void>;
}

const decode = (raw: string) =>
  // quoted-printable soft breaks and =XX escapes, enough for the links in our mails
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decode(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async linksTo(to, count = 1) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const links = mails
          .filter((m) => m.to.includes(to))
          .flatMap((m) => [...m.raw.matchAll(/https?:\/\/[^\s"<>]+/g)].map((x) => new URL(x[0])));
        if (links.length >= count || Date.now() > deadline) return links;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

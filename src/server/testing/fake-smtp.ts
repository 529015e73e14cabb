import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The message as it arrived (headers and encoded body). */
  raw: string;
  subject: string;
  /** The plain-text body, decoded (quoted-printable or base64). */
  text: string;
}

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The links in mails to `to`, oldest first; waits (bounded) until there are `count`. */
  linksTo(to: string, count?: number): Promise<URL[]>;
  close(): Promise<void>;
}

const addressOf = (address: SMTPServerAddress | false) => (address ? address.address : undefined);

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it is sent (the mail tests' peer: nodemailer
 * talks to it as to any SMTP server). Plain-text mails only are decoded, as Flock sends them.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
        mails.push({
          from: addressOf(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '',
          text: decodeBody(headers, raw.slice(split + 4)).replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async linksTo(to, count = 1) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const links = mails
          .filter((m) => m.to.includes(to))
          .flatMap((m) => [...m.text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((x) => new URL(x[0])));
        if (links.length >= count || Date.now() > deadline) return links;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

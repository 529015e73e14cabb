import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { devMails } from '../../db/schema.ts';
import { isPhoneOnlyEmail } from '../../../shared/accounts.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * The Message-ID header ('<left@right>'), for a mail that may be sent again after a crash
   * (a notice): mail systems take two mails with one Message-ID as one message. Without it
   * nodemailer makes a new one for each mail.
   */
  messageId?: string;
}

export interface Mailer {
  /** 'smtp' delivers; 'dev' keeps mails in the dev mailbox (no SMTP configured). */
  kind: 'smtp' | 'dev';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export async function createSmtpMailer(smtpUrl: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP nothing can be delivered, yet sign-up and password reset need mail: keep each
 * mail in the database, show it at /dev/mailbox, and print its links to the log.
 */
export function createDevMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'dev',
    async send(mail) {
      const [row] = await db
        .insert(devMails)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: devMails.id });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: mail.to, subject: mail.subject, links, mailId: row?.id },
        'dev mailbox: mail kept (not delivered)',
      );
    },
    close() {},
  };
}

export async function createMailer(options: {
  smtpUrl: string | undefined;
  mailFrom: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.mailFrom)
    : createDevMailer(options.db, options.log);
}

/**
 * A member who signed up with a phone has no mailbox: their account's address is a
 * placeholder under `.invalid` (RFC 2606), and whatever would be mailed to it is dropped
 * here, in one place, rather than checked by every sender.
 */
export function withoutPhoneOnlyAddresses(mailer: Mailer): Mailer {
  return {
    ...mailer,
    async send(mail) {
      if (isPhoneOnlyEmail(mail.to)) return;
      await mailer.send(mail);
    },
  };
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { SegmentedMessage } from 'sms-segments-calculator';
import { isPhoneOnlyEmail } from '../../../shared/accounts.ts';
import type { SmsSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { devSms, users } from '../../db/schema.ts';
import { createGatewaySender } from './gateways.ts';
import type { Sms, SmsSender } from './types.ts';

export type { Sms, SmsSender };

// SMS (issue 32): receipts and codes for members without email or data. One interface,
// one driver per gateway contract (gateways.ts), picked by SMS_PROVIDER; without one the
// messages are kept in the dev outbox (/dev/outbox), as mail is kept in the dev mailbox.

export interface SmsShape {
  /** GSM-7 (160 a segment, 153 when joined) or UCS-2 (70, 67) for anything outside it. */
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  characters: number;
}

/**
 * A member's proved phone: the login phone an SMS code (or their own USSD call) proved theirs;
 * null without one. The profile's typed phone proves nothing and is never texted (decision 050).
 */
export const provenPhone = sql<
  string | null
>`case when ${users.phoneVerified} then ${users.loginPhone} end`;

/** What `reachOf` reads of a member: `phone` read with `provenPhone`, `channel` their choice. */
export interface MemberContact {
  email: string;
  phone: string | null;
  channel: string;
}

/**
 * Where a member's receipts, codes and notices go: the channels they chose on the profile
 * ('Receipts, codes and notices', `users.receipt_channel`) among those they can receive on, an
 * email (not a phone-first account's placeholder) and a proved phone (decision 050). A choice
 * they cannot receive on falls back to the one they can (decision 054): never nowhere while
 * one works. Null for a channel that is not used.
 */
export function reachOf(member: MemberContact | undefined): {
  email: string | null;
  phone: string | null;
} {
  if (!member) return { email: null, phone: null };
  const email = isPhoneOnlyEmail(member.email) ? null : member.email;
  const phone = member.phone;
  const byMail = member.channel !== 'sms' && email ? email : null;
  const bySms = member.channel !== 'email' && phone ? phone : null;
  if (byMail || bySms) return { email: byMail, phone: bySms };
  return email ? { email, phone: null } : { email: null, phone };
}

/**
 * A text for SMS in GSM-7: Twi's ɛ and ɔ (not in GSM-7, so a whole message would go as UCS-2
 * at 70 characters a segment) written as e and o, as Twi SMS commonly is. For a notice whose
 * SMS repeats its mail's words; texts written for SMS alone use plain letters already.
 */
export const smsLetters = (text: string): string =>
  text.replace(/ɛ/g, 'e').replace(/ɔ/g, 'o').replace(/Ɛ/g, 'E').replace(/Ɔ/g, 'O');

/** What a message costs: its encoding and how many segments the networks bill. */
export function smsShape(text: string): SmsShape {
  const message = new SegmentedMessage(text);
  return {
    encoding: message.encodingName === 'GSM-7' ? 'GSM-7' : 'UCS-2',
    segments: message.segmentsCount,
    characters: message.numberOfCharacters,
  };
}

/**
 * Without a gateway nothing can be delivered: keep each message in the database, show it
 * at /dev/outbox, and say in the log that it was kept (never its text: it may hold a code).
 */
export function createDevSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'dev',
    async send(sms) {
      const shape = smsShape(sms.text);
      const [row] = await db
        .insert(devSms)
        .values({ to: sms.to, text: sms.text, encoding: shape.encoding, segments: shape.segments })
        .returning({ id: devSms.id });
      log.info({ smsId: row!.id, segments: shape.segments }, 'dev outbox: SMS kept (not sent)');
    },
  };
}

/** Whether a number (E.164) is in one of the countries SMS may go to (SMS_ALLOWED_COUNTRIES). */
export function inAllowedCountry(phone: string, allowedCountries: readonly string[]): boolean {
  const country = parsePhoneNumberFromString(phone)?.country;
  return country !== undefined && allowedCountries.includes(country);
}

export function createSmsSender(options: {
  settings: SmsSettings | undefined;
  timeoutMs: number;
  /** ISO codes: an SMS to any other country is dropped (decision 051), whoever asked. */
  allowedCountries: readonly string[];
  db: Db;
  log: FastifyBaseLogger;
}): SmsSender {
  const sender = options.settings
    ? createGatewaySender(options.settings, options.timeoutMs)
    : createDevSmsSender(options.db, options.log);
  return {
    kind: sender.kind,
    async send(sms) {
      // The last gate: premium and satellite ranges abroad cost the church whatever asked.
      if (!inAllowedCountry(sms.to, options.allowedCountries)) {
        options.log.warn(
          { country: parsePhoneNumberFromString(sms.to)?.country ?? null },
          'SMS to a country not in SMS_ALLOWED_COUNTRIES: not sent',
        );
        return;
      }
      // Every SMS in GSM-7 letters: a Twi text or label from the catalogue may have ɛ and ɔ.
      await sender.send({ ...sms, text: smsLetters(sms.text) });
    },
  };
}

import { z } from 'zod';
import { m } from '../../paraglide/messages.js';
import { typedPhoneSchema } from './accounts.ts';
import { assemblyOrAllSchema, requiredText } from './fields.ts';
import {
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_GUESTS_MAX,
  EVENT_KINDS,
  EVENT_MESSAGES,
  EVENT_PLACE_MAX,
  EVENT_TITLE_MAX,
  GUEST_NAME_MAX,
} from '../events.ts';

export * from '../events.ts';

// Events (decision 037): what the server accepts. Times are Ghana's, which is UTC all year:
// a form's 'YYYY-MM-DDTHH:mm' (datetime-local) is read as UTC, as is an ISO time with Z.

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z?$/;

/** A form's or an ISO time as a Date (UTC), or null when it is not one. */
export function parseEventTime(value: string): Date | null {
  const m = LOCAL_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  // Refuses 2026-02-31 and 25:00 (Date would roll them over) and years out of reach.
  if (
    at.getUTCFullYear() !== y ||
    at.getUTCMonth() !== mo! - 1 ||
    at.getUTCDate() !== d ||
    at.getUTCHours() !== h ||
    at.getUTCMinutes() !== mi ||
    y! < 2000 ||
    y! > 2199
  )
    return null;
  return at;
}

const time = (message: () => string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const at = parseEventTime(value);
    if (at) return at;
    ctx.addIssue({ code: 'custom', message: message() });
    return z.NEVER;
  });

const optionalTime = (message: () => string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .default(null)
    .transform((value, ctx) => {
      if (value === null || value.trim() === '') return null;
      const at = parseEventTime(value);
      if (at) return at;
      ctx.addIssue({ code: 'custom', message: message() });
      return z.NEVER;
    });

/** A whole number in [min, max] typed in a form (string) or sent as a number. */
const wholeNumber = (min: number, max: number, message: () => string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const text = String(value).trim();
    const n = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: message() });
    return z.NEVER;
  });

export const eventCreateSchema = z
  .object({
    kind: z.enum(EVENT_KINDS).default('event'),
    title: requiredText(
      () => m.shared_events_title(),
      EVENT_TITLE_MAX,
      () => EVENT_MESSAGES.titleTooLong,
    ),
    assembly: assemblyOrAllSchema,
    startsAt: time(() => m.shared_events_starts_at()),
    endsAt: time(() => m.shared_events_ends_at()),
    place: requiredText(
      () => m.shared_events_place(),
      EVENT_PLACE_MAX,
      () => EVENT_MESSAGES.placeTooLong,
    ),
    description: z
      .string()
      .trim()
      .max(EVENT_DESCRIPTION_MAX, { error: () => EVENT_MESSAGES.descriptionTooLong })
      .default(''),
    capacity: z
      .union([z.string(), z.number(), z.null()], { error: () => EVENT_MESSAGES.capacity })
      .default(null)
      .transform((value, ctx) => {
        if (value === null || String(value).trim() === '') return null;
        const r = wholeNumber(1, EVENT_CAPACITY_MAX, () => EVENT_MESSAGES.capacity).safeParse(
          value,
        );
        if (r.success) return r.data;
        ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.capacity });
        return z.NEVER;
      }),
    registrationClosesAt: optionalTime(() => m.shared_events_deadline()),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.endsAt <= value.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: m.shared_events_ends_before() });
    }
    if (value.registrationClosesAt && value.registrationClosesAt > value.startsAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['registrationClosesAt'],
        message: m.shared_events_deadline_after_start(),
      });
    }
  });
export type EventCreateInput = z.input<typeof eventCreateSchema>;
export type EventCreate = z.output<typeof eventCreateSchema>;

const guests = wholeNumber(0, EVENT_GUESTS_MAX, () => EVENT_MESSAGES.guests).default(0);

/** A signed-in member's reply: going or not, guests they bring, their name shown or not. */
export const rsvpSchema = z
  .object({
    going: z.boolean({ error: () => m.shared_events_say_going() }),
    guests,
    showName: z.boolean().default(false),
  })
  .strict();
export type Rsvp = z.output<typeof rsvpSchema>;

/** A guest's reply (no account): their name and phone; going, with the people they bring. */
export const guestRsvpSchema = z
  .object({
    name: requiredText(
      () => m.shared_events_guest_name(),
      GUEST_NAME_MAX,
      () => EVENT_MESSAGES.guestNameTooLong,
    ),
    phone: typedPhoneSchema({
      required: () => m.shared_phone_typed_invalid(),
      invalid: () => m.shared_phone_typed_invalid(),
    }),
    guests,
  })
  .strict();
export type GuestRsvp = z.output<typeof guestRsvpSchema>;

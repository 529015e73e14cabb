import { z } from 'zod';
import { MOMO_PROVIDERS } from '../constants.ts';
import { OFFERING_ERRORS } from '../offering.ts';
import { emailSchema } from './accounts.ts';
import {
  amountSchema,
  detailsFields,
  momoPhoneSchema,
  requireOtherType,
  type Offering,
} from './giving.ts';

// Recurring gifts (issue 33, decision 034): a member's standing gift by card (Paystack's own
// plans and subscriptions take it) or mobile money (Flock never debits: on each due date the
// member gets a payment prompt or a reminder). Dates are calendar days in Ghana (UTC).

export const FREQUENCIES = ['weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SCHEDULE_METHODS = ['card', 'momo'] as const;
export const SCHEDULE_STATUSES = ['setting_up', 'active', 'paused', 'stopped', 'ended'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** What a mobile-money schedule does on its due date. */
export const MOMO_DUE_ACTIONS = ['prompt', 'reminder'] as const;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
/** Monthly gifts fall on day 1–28: every month has them. */
export const LAST_MONTH_DAY = 28;

export const RECURRING_ERRORS = {
  frequency: 'Please choose how often.',
  weekday: 'Please choose a day of the week.',
  monthDay: `Please choose a day of the month from 1 to ${LAST_MONTH_DAY}.`,
  startOn: 'Please choose a start date.',
  startPast: 'The start date cannot be in the past.',
  endBeforeStart: 'The end date must be after the start date.',
  onDue: 'Please choose what happens on the day.',
  method: 'Please choose card or mobile money.',
} as const;

export const RECURRING_MESSAGES = {
  notFound: 'No such recurring gift.',
  notChangeable: 'This recurring gift can no longer be changed.',
  notPaused: 'This recurring gift is not paused.',
  notActive: 'Only an active recurring gift can be paused.',
  cardUnavailable: 'Card payments are not available right now. Please try again later.',
  stopped: 'Recurring gift stopped. No more gifts will be taken or asked for.',
  paused: 'Recurring gift paused.',
  resumed: 'Recurring gift resumed.',
  amountChanged: 'Amount changed.',
} as const;

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message);

const ruleFields = {
  frequency: z.enum(FREQUENCIES, { error: RECURRING_ERRORS.frequency }),
  /** weekly: 0 (Sunday) … 6; monthly: 1 … 28 */
  day: z.coerce.number({ error: RECURRING_ERRORS.weekday }).int(),
  startOn: isoDate(RECURRING_ERRORS.startOn),
  endOn: z
    .union([isoDate(RECURRING_ERRORS.endBeforeStart), z.literal('')])
    .optional()
    .transform((value) => value || null),
};

/** The recurring-gift form; the same schema in the browser and on the server. */
export function scheduleSchema(maxPesewas: number) {
  const base = { ...detailsFields, ...ruleFields, amount: amountSchema(maxPesewas) };
  return z
    .discriminatedUnion(
      'method',
      [
        z
          .object({
            ...base,
            method: z.literal('momo'),
            phone: momoPhoneSchema,
            provider: z.enum(MOMO_PROVIDERS, { error: OFFERING_ERRORS.provider }),
            onDue: z.enum(MOMO_DUE_ACTIONS, { error: RECURRING_ERRORS.onDue }),
          })
          .strict(),
        z.object({ ...base, method: z.literal('card'), email: emailSchema }).strict(),
      ],
      { error: RECURRING_ERRORS.method },
    )
    .superRefine((value, ctx) => {
      requireOtherType(value, ctx);
      const weekly = value.frequency === 'weekly';
      if (weekly ? value.day < 0 || value.day > 6 : value.day < 1 || value.day > LAST_MONTH_DAY) {
        ctx.addIssue({
          code: 'custom',
          path: ['day'],
          message: weekly ? RECURRING_ERRORS.weekday : RECURRING_ERRORS.monthDay,
        });
      }
      if (value.endOn && value.endOn <= value.startOn) {
        ctx.addIssue({ code: 'custom', path: ['endOn'], message: RECURRING_ERRORS.endBeforeStart });
      }
    })
    .transform((value) => ({
      ...value,
      otherType: value.type === 'other' ? value.otherType! : null,
    }));
}

export type ScheduleInput = z.input<ReturnType<typeof scheduleSchema>>;
export type NewSchedule = z.output<ReturnType<typeof scheduleSchema>>;

export function scheduleAmountSchema(maxPesewas: number) {
  return z.object({ amount: amountSchema(maxPesewas) }).strict();
}

/** A member's recurring gift as the screens show it. */
export interface ScheduleView {
  id: string;
  type: Offering['type'];
  otherType: string | null;
  assembly: string;
  method: (typeof SCHEDULE_METHODS)[number];
  amount: number;
  frequency: Frequency;
  day: number;
  startOn: string;
  endOn: string | null;
  status: ScheduleStatus;
  /** The next day a gift is due (card: Paystack's next charge), or null when none will be. */
  nextDueOn: string | null;
  /** mobile money: what happens on the day; card: null */
  onDue: (typeof MOMO_DUE_ACTIONS)[number] | null;
  /** mobile money: the number prompted */
  phone: string | null;
  /** card: the last renewal failed (when), until a later one succeeds */
  cardFailedAt: string | null;
  createdAt: string;
}

export type ScheduleCreated =
  | { schedule: ScheduleView; authorizationUrl: null }
  /** card: the first gift is paid at Paystack's checkout; its success starts the subscription */
  | { schedule: ScheduleView; authorizationUrl: string };

/** "Every Sunday", "Every month on the 5th" */
export function ruleText(frequency: Frequency, day: number): string {
  if (frequency === 'weekly') return `Every ${WEEKDAYS[day] ?? ''}`;
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `Every month on the ${day}${suffix}`;
}

// ------------------------------------------------------------ the calendar rule

/** "2026-11-26" for a Date, as Ghana's calendar day (UTC). */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first day on or after `from` the rule falls on. */
export function firstDueOn(frequency: Frequency, day: number, from: string): string {
  const date = asDate(from);
  if (frequency === 'weekly') {
    date.setUTCDate(date.getUTCDate() + ((day - date.getUTCDay() + 7) % 7));
    return dayOf(date);
  }
  if (date.getUTCDate() > day) date.setUTCMonth(date.getUTCMonth() + 1, 1);
  date.setUTCDate(day);
  return dayOf(date);
}

/** The first day strictly after `after` the rule falls on. */
export function nextDueAfter(frequency: Frequency, day: number, after: string): string {
  const date = asDate(after);
  date.setUTCDate(date.getUTCDate() + 1);
  return firstDueOn(frequency, day, dayOf(date));
}

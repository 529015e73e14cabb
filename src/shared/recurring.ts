import { m } from '../paraglide/messages.js';
import type { MomoProvider, OfferingType } from './constants.ts';

// Recurring gifts (issue 33, decision 034): a member's standing gift by card (Paystack's own
// plans and subscriptions take it) or mobile money (Flock never debits: on each due date the
// member gets a payment prompt or a reminder). Dates are calendar days in Ghana (UTC). No zod
// here: the screens that show schedules do not download it (schemas/recurring.ts re-exports).

export const FREQUENCIES = ['weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SCHEDULE_METHODS = ['card', 'momo'] as const;
export const SCHEDULE_STATUSES = ['setting_up', 'active', 'paused', 'stopped', 'ended'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** What a mobile-money schedule does on its due date. */
export const MOMO_DUE_ACTIONS = ['prompt', 'reminder'] as const;

/** The days of the week, Sunday first (a weekly gift's day is its index), as the reader says them. */
export const weekdayNames = (): readonly string[] => [
  m.shared_recurring_weekday_sunday(),
  m.shared_recurring_weekday_monday(),
  m.shared_recurring_weekday_tuesday(),
  m.shared_recurring_weekday_wednesday(),
  m.shared_recurring_weekday_thursday(),
  m.shared_recurring_weekday_friday(),
  m.shared_recurring_weekday_saturday(),
];
/** Monthly gifts fall on day 1–28: every month has them. */
export const LAST_MONTH_DAY = 28;

export const RECURRING_ERRORS = {
  get monthDay() {
    return m.shared_recurring_month_day({ last: LAST_MONTH_DAY });
  },
};

/** A member's recurring gift as the screens show it. */
export interface ScheduleView {
  id: string;
  type: OfferingType;
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
  /** mobile money: the number prompted, and its network */
  phone: string | null;
  network: MomoProvider | null;
  /** card: the last renewal failed (when), until a later one succeeds */
  cardFailedAt: string | null;
  createdAt: string;
}

export type ScheduleCreated =
  | { schedule: ScheduleView; authorizationUrl: null }
  /** card: the first gift is paid at Paystack's checkout; its success starts the subscription */
  | { schedule: ScheduleView; authorizationUrl: string };

/**
 * "Every Sunday", "Every month on the 5th"; `inline` for inside a sentence ("every Sunday",
 * "every month on the 5th"). In the reader's language (Twi: "Kwasiada biara").
 */
export function ruleText(frequency: Frequency, day: number, inline = false): string {
  if (frequency === 'weekly') {
    const weekday = weekdayNames()[day] ?? '';
    return inline
      ? m.shared_recurring_every_weekday_inline({ weekday })
      : m.shared_recurring_every_weekday({ weekday });
  }
  return inline
    ? m.shared_recurring_every_month_day_inline({ day })
    : m.shared_recurring_every_month_day({ day });
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

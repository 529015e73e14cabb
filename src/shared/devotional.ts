import { m } from '../paraglide/messages.js';

// Devotional (spec §2 /devotional…; §7 document preview links): what both sides need to show
// it, without zod, so the pages that only show the devotional do not download the schema library.

export const DEVOTIONAL_MESSAGES = {
  noWeek: (weekId: string | number) => m.shared_devotional_no_week({ week: String(weekId) }),
};

// Document previews are framed from these hosts only (the Content-Security-Policy agrees).
export const DOCUMENT_HOSTS = ['docs.google.com', 'drive.google.com'] as const;

/** An https preview link on an allowed host; '/view' and '/edit' links become '/preview'. */
export function normalizeDocumentUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (!(DOCUMENT_HOSTS as readonly string[]).includes(url.hostname)) return null;
  url.pathname = url.pathname.replace(/\/(view|edit)$/, '/preview');
  return url.toString();
}

export interface DevotionalWeekSummary {
  id: number;
  title: string;
  dayCount: number;
}

export interface DevotionalDaySummary {
  day: number;
  title: string;
  hasDocument: boolean;
}

export interface DevotionalWeek {
  id: number;
  title: string;
  days: DevotionalDaySummary[];
}

export interface DevotionalDay {
  weekId: number;
  weekTitle: string;
  day: number;
  title: string;
  documentUrl: string | null;
  previousDay: number | null;
  nextDay: number | null;
}

/** The admin's week and day forms: limits and texts; schemas/devotional.ts is built from them. */
export const DEVOTIONAL_LIMITS = { title: 200, documentUrl: 500, week: 53, day: 366 } as const;
export const DEVOTIONAL_ERRORS = {
  get titleTooLong() {
    return m.shared_devotional_title_too_long({ max: DEVOTIONAL_LIMITS.title });
  },
  get documentUrlTooLong() {
    return m.shared_devotional_document_url_too_long({ max: DEVOTIONAL_LIMITS.documentUrl });
  },
  get week() {
    return m.shared_devotional_week({ max: DEVOTIONAL_LIMITS.week });
  },
  get day() {
    return m.shared_devotional_day({ max: DEVOTIONAL_LIMITS.day });
  },
};

/** A string of digits (a path parameter, a form field) read as its number; anything else as is. */
export const readWholeNumber = (value: unknown): unknown =>
  typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;

// What the schemas decide, without zod, so the admin's week and day forms do not load the
// schema library (decision 011); devotional.test.ts keeps each in step with its schema.

function checkWholeNumber(value: unknown, max: number): number | null {
  const number = readWholeNumber(value);
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= max
    ? number
    : null;
}

function checkTitle(value: unknown): { title: string } | { error: string } {
  if (typeof value !== 'string') return { error: m.shared_support_title_required() };
  const title = value.trim();
  if (title.length === 0) return { error: m.shared_support_title_required() };
  if (title.length > DEVOTIONAL_LIMITS.title) return { error: DEVOTIONAL_ERRORS.titleTooLong };
  return { title };
}

export interface WeekFormInput {
  id: number | string;
  title: string;
}
export type WeekCheck =
  | { ok: true; values: { id: number; title: string } }
  | { ok: false; errors: Partial<Record<keyof WeekFormInput, string>> };

/** What `weekCreateSchema` decides. */
export function checkWeek(input: WeekFormInput): WeekCheck {
  const errors: Partial<Record<keyof WeekFormInput, string>> = {};
  const id = checkWholeNumber(input.id, DEVOTIONAL_LIMITS.week);
  if (id === null) errors.id = DEVOTIONAL_ERRORS.week;
  const title = checkTitle(input.title);
  if ('error' in title) errors.title = title.error;
  return id !== null && 'title' in title
    ? { ok: true, values: { id, title: title.title } }
    : { ok: false, errors };
}

export interface DayFormInput {
  day: number | string;
  title: string;
  documentUrl?: string | null;
}
export type DayCheck =
  | { ok: true; values: { day: number; title: string; documentUrl?: string | null } }
  | { ok: false; errors: Partial<Record<keyof DayFormInput, string>> };

/** What `dayUpsertSchema` with the day's number (`dayNumberSchema`) decides. */
export function checkDay(input: DayFormInput): DayCheck {
  const errors: Partial<Record<keyof DayFormInput, string>> = {};
  const day = checkWholeNumber(input.day, DEVOTIONAL_LIMITS.day);
  if (day === null) errors.day = DEVOTIONAL_ERRORS.day;
  const title = checkTitle(input.title);
  if ('error' in title) errors.title = title.error;
  let documentUrl: string | null | undefined;
  if (input.documentUrl !== undefined && input.documentUrl !== null) {
    const link = input.documentUrl.trim();
    if (link.length > DEVOTIONAL_LIMITS.documentUrl) {
      errors.documentUrl = DEVOTIONAL_ERRORS.documentUrlTooLong;
    } else if (link !== '') {
      documentUrl = normalizeDocumentUrl(link);
      if (!documentUrl) errors.documentUrl = m.shared_devotional_document_url_invalid();
    } else documentUrl = null;
  } else if (input.documentUrl === null) documentUrl = null;
  if (day === null || 'error' in title || errors.documentUrl) return { ok: false, errors };
  const values: { day: number; title: string; documentUrl?: string | null } = {
    day,
    title: title.title,
  };
  if (documentUrl !== undefined) values.documentUrl = documentUrl;
  return { ok: true, values };
}

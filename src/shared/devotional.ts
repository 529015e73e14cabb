// Devotional (spec §2 /devotional…; §7 document preview links): what both sides need to show
// it, without zod, so the pages that only show the devotional do not download the schema library.

export const DEVOTIONAL_MESSAGES = {
  noWeek: (weekId: string | number) => `No devotionals found for Week ${weekId}`,
  comingSoon: 'Coming Soon',
} as const;

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

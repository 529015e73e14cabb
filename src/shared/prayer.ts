// The prayer wall (decision 036): texts, limits and the answers' shapes both sides use,
// without zod (the wall's screen checks its form with checkPrayerForm and must not load it).
// schemas/prayer.ts re-exports all of this.

/** Who may read a request: the whole church, the author's assembly, or its pastors only. */
export const PRAYER_VISIBILITIES = ['church', 'assembly', 'pastors'] as const;
export type PrayerVisibility = (typeof PRAYER_VISIBILITIES)[number];

export const PRAYER_VISIBILITY_LABELS: Record<PrayerVisibility, string> = {
  church: 'The whole church',
  assembly: 'My assembly',
  pastors: 'Pastors only',
};

/** pending: held for moderation; approved: shown; rejected: only its author sees it. */
export const PRAYER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];

export const PRAYER_TEXT_MAX = 500;
export const PRAYER_NOTE_MAX = 500;
/** Requests one member may post in 24 hours. */
export const PRAYER_DAILY_LIMIT = 5;
/** The wall shows this many requests, newest first. */
export const PRAYER_WALL_SIZE = 100;
/** Shown instead of the author's name to other members when they asked to stay anonymous. */
export const ANONYMOUS_NAME = 'A member';

export const PRAYER_MESSAGES = {
  text: 'Write your prayer request.',
  textTooLong: `Use at most ${PRAYER_TEXT_MAX} characters.`,
  visibility: 'Choose who may see it.',
  anonymous: 'Choose whether to show your name.',
  note: 'Write how it was answered.',
  noteTooLong: `Use at most ${PRAYER_NOTE_MAX} characters.`,
  status: 'Choose approve or reject.',
  notFound: 'No such prayer request.',
  dailyLimit: `You can share at most ${PRAYER_DAILY_LIMIT} requests a day. Please try again tomorrow.`,
  noAssembly: 'Choose your assembly on your profile first.',
  ownReport: 'You cannot report your own request.',
  notModerator: 'Only admins and pastors moderate prayer requests.',
  held: 'Thank you. Your request will show once a moderator approves it.',
  sharedWithPastors: 'Thank you. Your pastors can see your request now.',
  empty: 'No prayer requests yet. Be the first to share one.',
  emptyQueue: 'Nothing is waiting for moderation.',
} as const;

/** A request as its reader may see it. */
export interface PrayerRequest {
  id: string;
  text: string;
  visibility: PrayerVisibility;
  anonymous: boolean;
  /** 'A member' to other members when anonymous; the name to its author and moderators. */
  author: string;
  mine: boolean;
  status: PrayerStatus;
  prayedCount: number;
  /** Whether the reader tapped 'I prayed'. */
  prayed: boolean;
  answeredAt: string | null;
  answerNote: string | null;
  createdAt: string;
}

export interface PrayerWall {
  requests: PrayerRequest[];
  /** An admin or an approved pastor: the screen shows the moderation tab. */
  canModerate: boolean;
}

/** A request held for moderation, as a moderator sees it (the name even when anonymous). */
export interface HeldPrayer {
  id: string;
  text: string;
  visibility: PrayerVisibility;
  anonymous: boolean;
  author: string;
  assembly: string | null;
  /** Members who reported it since it was last approved (0: a new request). */
  reports: number;
  createdAt: string;
}

export interface PrayerQueue {
  held: HeldPrayer[];
}

export interface PrayerForm {
  text: string;
  visibility: string;
  anonymous: boolean;
}

/** The form's checks, as prayerCreateSchema makes them (prayer.test.ts keeps them equal). */
export function checkPrayerForm(
  form: PrayerForm,
): { ok: true } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = form.text.trim();
  if (!text) errors.text = PRAYER_MESSAGES.text;
  else if (text.length > PRAYER_TEXT_MAX) errors.text = PRAYER_MESSAGES.textTooLong;
  if (!(PRAYER_VISIBILITIES as readonly string[]).includes(form.visibility)) {
    errors.visibility = PRAYER_MESSAGES.visibility;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}

/** The answer note's check, as prayerAnswerSchema makes it. */
export function checkAnswerNote(note: string): string | null {
  const text = note.trim();
  if (!text) return PRAYER_MESSAGES.note;
  if (text.length > PRAYER_NOTE_MAX) return PRAYER_MESSAGES.noteTooLong;
  return null;
}

import { m } from '../paraglide/messages.js';

// The prayer wall (decision 036): texts, limits and the answers' shapes both sides use,
// without zod (the wall's screen checks its form with checkPrayerForm and must not load it).
// schemas/prayer.ts re-exports all of this.

/** Who may read a request: the whole church, the author's assembly, or its pastors only. */
export const PRAYER_VISIBILITIES = ['church', 'assembly', 'pastors'] as const;
export type PrayerVisibility = (typeof PRAYER_VISIBILITIES)[number];

/** pending: held for moderation; approved: shown; rejected: only its author sees it. */
export const PRAYER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];

export const PRAYER_TEXT_MAX = 500;
export const PRAYER_NOTE_MAX = 500;
/** A rejection's reason, shown to the author (issue 48). */
export const PRAYER_REASON_MAX = 500;
/** The moderation tab lists this many rejected requests, newest rejection first, to undo. */
export const PRAYER_REJECTED_SHOWN = 20;
/** Requests one member may post in 24 hours. */
export const PRAYER_DAILY_LIMIT = 5;
/** The wall shows this many requests, newest first. */
export const PRAYER_WALL_SIZE = 100;
/** Shown instead of the author's name to other members when they asked to stay anonymous. */
export const ANONYMOUS_NAME = 'A member';

export const PRAYER_MESSAGES = {
  get textTooLong() {
    return m.shared_prayer_text_too_long({ max: PRAYER_TEXT_MAX });
  },
  get noteTooLong() {
    return m.shared_prayer_text_too_long({ max: PRAYER_NOTE_MAX });
  },
  get reasonTooLong() {
    return m.shared_prayer_text_too_long({ max: PRAYER_REASON_MAX });
  },
  get dailyLimit() {
    return m.shared_prayer_daily_limit({ count: PRAYER_DAILY_LIMIT });
  },
};

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
  /** Why it was rejected (its author is the only one who reads a rejected request). */
  rejectionReason: string | null;
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

/** A rejected request a moderator may still undo (back to held). */
export interface RejectedPrayer extends HeldPrayer {
  reason: string | null;
  rejectedAt: string;
}

export interface PrayerQueue {
  held: HeldPrayer[];
  /** The newest PRAYER_REJECTED_SHOWN rejections in the moderator's assemblies. */
  rejected: RejectedPrayer[];
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
  if (!text) errors.text = m.shared_prayer_text();
  else if (text.length > PRAYER_TEXT_MAX) errors.text = PRAYER_MESSAGES.textTooLong;
  if (!(PRAYER_VISIBILITIES as readonly string[]).includes(form.visibility)) {
    errors.visibility = m.shared_prayer_visibility();
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}

/** The answer note's check, as prayerAnswerSchema makes it. */
export function checkAnswerNote(note: string): string | null {
  const text = note.trim();
  if (!text) return m.shared_prayer_note();
  if (text.length > PRAYER_NOTE_MAX) return PRAYER_MESSAGES.noteTooLong;
  return null;
}

/** A rejection's reason, as prayerDecisionSchema checks it (the reject dialog's check). */
export function checkPrayerRejection(values: {
  reason: string;
}): { ok: true; values: { reason: string } } | { ok: false; errors: { reason: string } } {
  const reason = values.reason.trim();
  if (!reason) return { ok: false, errors: { reason: m.shared_prayer_reason() } };
  if (reason.length > PRAYER_REASON_MAX) {
    return { ok: false, errors: { reason: PRAYER_MESSAGES.reasonTooLong } };
  }
  return { ok: true, values: { reason } };
}

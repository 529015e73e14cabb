import { m } from '../paraglide/messages.js';

// Service check-in (issue 34, decision 039): texts, limits and the answers' shapes both sides
// use, without zod. schemas/checkin.ts re-exports all of this.

/** How a member came to be checked in. */
export const CHECKIN_METHODS = ['qr', 'code', 'usher', 'ussd'] as const;
export type CheckinMethod = (typeof CHECKIN_METHODS)[number];

/** A session's short code: six digits, typed on a feature phone or read off the screen. */
export const CHECKIN_CODE_LENGTH = 6;
/** A child's pick-up code: four digits, read off the guardian's phone. */
export const PICKUP_CODE_LENGTH = 4;

export const CHECKIN_MESSAGES = {
  get title() {
    return m.shared_checkin_title();
  },
  get event() {
    return m.shared_checkin_event();
  },
  get titleTooLong() {
    return m.shared_checkin_title_too_long();
  },
  get opensAt() {
    return m.shared_checkin_opens_at();
  },
  get closesAt() {
    return m.shared_checkin_closes_at();
  },
  get closesBeforeOpens() {
    return m.shared_checkin_closes_before_opens();
  },
  get tooLong() {
    return m.shared_checkin_too_long();
  },
  get code() {
    return m.shared_checkin_code({ length: CHECKIN_CODE_LENGTH });
  },
  get noSuchCode() {
    return m.shared_checkin_no_such_code();
  },
  get staleQr() {
    return m.shared_checkin_stale_qr();
  },
  get badQr() {
    return m.shared_checkin_bad_qr();
  },
  get notOpen() {
    return m.shared_checkin_not_open();
  },
  get otherAssembly() {
    return m.shared_checkin_other_assembly();
  },
  checkedIn: (title: string) => m.shared_checkin_checked_in({ title }),
  alreadyCheckedIn: (title: string) => m.shared_checkin_already_checked_in({ title }),
  get childName() {
    return m.shared_checkin_child_name();
  },
  get childNameTooLong() {
    return m.shared_checkin_child_name_too_long();
  },
  get guardianPhone() {
    return m.shared_checkin_guardian_phone();
  },
  get pickupCode() {
    return m.shared_checkin_pickup_code({ length: PICKUP_CODE_LENGTH });
  },
  get noSuchPickup() {
    return m.shared_checkin_no_such_pickup();
  },
  get notUsher() {
    return m.shared_checkin_not_usher();
  },
  get query() {
    return m.shared_checkin_query();
  },
  get usher() {
    return m.shared_checkin_usher();
  },
  get noSuchMember() {
    return m.shared_checkin_no_such_member();
  },
  get noProvedPhone() {
    return m.shared_checkin_no_proved_phone();
  },
  get guardianNeedsProvedPhone() {
    return m.shared_checkin_guardian_needs_proved_phone();
  },
  get guardianNotMember() {
    return m.shared_checkin_guardian_not_member();
  },
  get noSessions() {
    return m.shared_checkin_no_sessions();
  },
};

/** A session as the member's check-in screen shows it. */
export interface OpenSession {
  id: string;
  title: string;
  assembly: string | null;
  opensAt: string;
  closesAt: string;
  /** When the caller checked in, if they did. */
  checkedInAt: string | null;
}

/** A child in care, as the guardian's phone shows it (the code is theirs to show). */
export interface ChildInCare {
  id: string;
  sessionId: string;
  sessionTitle: string;
  childName: string;
  pickupCode: string;
  checkedInAt: string;
  /** For the usher: no member proved the guardian's phone, so the code goes by SMS alone. */
  guardianNote?: string;
}

export interface CheckinHome {
  sessions: OpenSession[];
  children: ChildInCare[];
  /** The caller may run usher mode and the entrance screen. */
  usher: boolean;
}

export interface CheckinResult {
  sessionId: string;
  title: string;
  already: boolean;
  message: string;
}

/** What the entrance screen shows: the QR (an SVG) for this period, and the short code. */
export interface EntranceScreen {
  id: string;
  title: string;
  code: string;
  url: string;
  svg: string;
  /** When the next QR replaces this one (ISO). */
  refreshAt: string;
  checkedIn: number;
  closesAt: string;
}

/** A member in usher mode's search. */
export interface UsherMember {
  id: string;
  name: string;
  /** The last digits of their phone, to tell two of the same name apart. */
  phoneEnd: string | null;
  assembly: string | null;
  checkedIn: boolean;
}

export interface SessionSummary {
  id: string;
  title: string;
  eventId: string | null;
  assembly: string | null;
  opensAt: string;
  closesAt: string;
  code: string;
  members: number;
  children: number;
}

/** Attendance per session and assembly (the members' assembly, 'none' when they gave none). */
export interface AttendanceRow {
  sessionId: string;
  title: string;
  opensAt: string;
  assembly: string | null;
  members: number;
  children: number;
}

export interface Usher {
  id: string;
  name: string;
  contact: string;
}

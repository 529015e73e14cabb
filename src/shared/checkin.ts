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
  get code() {
    return m.shared_checkin_code({ length: CHECKIN_CODE_LENGTH });
  },
  get pickupCode() {
    return m.shared_checkin_pickup_code({ length: PICKUP_CODE_LENGTH });
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

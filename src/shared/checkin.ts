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
  title: 'Give the service a name.',
  event: 'Choose one of the events, or none.',
  titleTooLong: 'Use at most 80 characters.',
  opensAt: 'Choose when check-in opens.',
  closesAt: 'Choose when check-in closes.',
  closesBeforeOpens: 'Check-in must close after it opens.',
  tooLong: 'Check-in can stay open for at most 24 hours.',
  code: `Enter the ${CHECKIN_CODE_LENGTH}-digit code shown at the entrance.`,
  noSuchCode: 'That code is not open for check-in. Check the screen at the entrance.',
  staleQr: 'This QR code has expired. Scan the code on the screen at the entrance again.',
  badQr: 'This is not a Flock check-in code.',
  notOpen: 'Check-in for this service is closed.',
  otherAssembly: 'This service is for another assembly.',
  checkedIn: (title: string) => `You are checked in to ${title}.`,
  alreadyCheckedIn: (title: string) => `You were already checked in to ${title}.`,
  childName: 'Enter the child’s name.',
  childNameTooLong: 'Use at most 80 characters.',
  guardianPhone: 'A guardian’s phone number is required.',
  pickupCode: `Enter the ${PICKUP_CODE_LENGTH}-digit pick-up code from the guardian’s phone.`,
  noSuchPickup: 'No child in care has that pick-up code. Ask the guardian to show it again.',
  notUsher: 'Only ushers and admins may do this.',
  query: 'Type at least 2 letters of a name, or a phone number.',
  usher: 'Enter the email or phone number of a member.',
  noSuchMember: 'No member has that email or phone number.',
  noSessions: 'No service is open for check-in right now.',
} as const;

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

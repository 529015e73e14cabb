import { m } from '../paraglide/messages.js';

// Events (decision 037): texts, limits and the answers' shapes both sides use, without zod
// (the events screens must not load it). schemas/events.ts re-exports all of this.

/** 'service' is a church service (a later check-in feature counts people in at either). */
export const EVENT_KINDS = ['event', 'service'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_TITLE_MAX = 120;
export const EVENT_PLACE_MAX = 160;
export const EVENT_DESCRIPTION_MAX = 4000;
export const EVENT_CAPACITY_MAX = 100_000;
/** People a member or guest may bring along besides themselves. */
export const EVENT_GUESTS_MAX = 10;
export const GUEST_NAME_MAX = 80;

export const EVENT_MESSAGES = {
  get titleTooLong() {
    return m.shared_events_title_too_long({ max: EVENT_TITLE_MAX });
  },
  get placeTooLong() {
    return m.shared_events_place_too_long({ max: EVENT_PLACE_MAX });
  },
  get descriptionTooLong() {
    return m.shared_events_description_too_long({ max: EVENT_DESCRIPTION_MAX });
  },
  get capacity() {
    return m.shared_events_capacity({ max: EVENT_CAPACITY_MAX });
  },
  get guests() {
    return m.shared_events_guests({ max: EVENT_GUESTS_MAX });
  },
  get guestNameTooLong() {
    return m.shared_events_guest_name_too_long({ max: GUEST_NAME_MAX });
  },
};

/** What a member or guest sees of an event. */
export interface EventSummary {
  id: string;
  kind: EventKind;
  title: string;
  /** The assembly's slug and label, or null: for all assemblies. */
  assembly: { slug: string; label: string } | null;
  /** ISO times (UTC, which is Ghana's time). */
  startsAt: string;
  endsAt: string;
  place: string;
  description: string;
  capacity: number | null;
  registrationClosesAt: string | null;
  /** People coming: replies 'going' and the guests they bring. */
  seatsTaken: number;
  /** Places left, or null without a capacity. */
  placesLeft: number | null;
  /** Registration is open now (before the deadline and the start). */
  open: boolean;
}

export interface MyRsvp {
  going: boolean;
  guests: number;
  showName: boolean;
}

export interface EventView extends EventSummary {
  /** The signed-in member's reply, or null. */
  myRsvp: MyRsvp | null;
  /** Members of the viewer's assembly going who chose to show their name (signed in only). */
  attendees: string[];
}

export interface EventsList {
  events: EventSummary[];
}

/** An event as its managers (admins, the assembly's officers) see it. */
export interface ManagedEvent extends EventSummary {
  going: number;
  notGoing: number;
  guests: number;
  guestReplies: number;
}

export interface ManagedEvents {
  events: ManagedEvent[];
  /** The assemblies the caller may publish for ('' = all, for those who may). */
  assemblies: { slug: string; label: string }[];
  allAssemblies: boolean;
}

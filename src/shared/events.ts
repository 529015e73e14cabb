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
  title: 'Title is required.',
  titleTooLong: `Title can be at most ${EVENT_TITLE_MAX} characters.`,
  place: 'Place is required.',
  placeTooLong: `Place can be at most ${EVENT_PLACE_MAX} characters.`,
  descriptionTooLong: `Description can be at most ${EVENT_DESCRIPTION_MAX} characters.`,
  startsAt: 'Choose when it starts.',
  endsAt: 'Choose when it ends.',
  endsBefore: 'It must end after it starts.',
  capacity: `Capacity is a whole number from 1 to ${EVENT_CAPACITY_MAX}, or empty for no limit.`,
  deadline: 'Choose when registration closes, or leave it empty.',
  deadlineAfterStart: 'Registration must close before the event starts.',
  guests: `Guests is a whole number from 0 to ${EVENT_GUESTS_MAX}.`,
  guestName: 'Your name is required.',
  guestNameTooLong: `Your name can be at most ${GUEST_NAME_MAX} characters.`,
  guestPhone: 'Enter a valid phone number (e.g. 024 123 4567 or +233 24 123 4567).',
  notFound: 'Event not found.',
  notYours: 'You may publish and manage events only for your assemblies.',
  full: 'Sorry, this event is full: there are no places left.',
  fullFor: (left: number) =>
    `Sorry, only ${left} place${left === 1 ? ' is' : 's are'} left: bring fewer guests.`,
  closed: 'Registration for this event has closed.',
  ended: 'This event has already started or ended.',
  guestTaken: 'This phone number already has a reply for this event.',
  noEvents: 'No upcoming events yet.',
  noManagedEvents: 'You have not published any upcoming events yet.',
} as const;

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

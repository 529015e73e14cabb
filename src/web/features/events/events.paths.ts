// The event screens' API paths (decision 027: a feature's own, not in the shell).

const enc = encodeURIComponent;

export const eventsApiPaths = {
  events: '/api/events',
  event: (id: string) => `/api/events/${enc(id)}`,
  ics: (id: string) => `/api/events/${enc(id)}/event.ics`,
  rsvp: (id: string) => `/api/events/${enc(id)}/rsvp`,
  guestRsvps: (id: string) => `/api/events/${enc(id)}/guest-rsvps`,
  managed: '/api/admin/events',
  managedEvent: (id: string) => `/api/admin/events/${enc(id)}`,
  rsvpsCsv: (id: string) => `/api/admin/events/${enc(id)}/rsvps.csv`,
} as const;

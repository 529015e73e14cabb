import {
  financeOnly,
  freshPhone,
  matrixEvent,
  publicRoute,
  signedIn,
  type MatrixRows,
} from '../../testing/authorization-matrix.ts';

// Who may call each route of events, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; events.feature.ts names them).

export const rows: MatrixRows = {
  // Anyone reads events and their calendar file; replies are each caller's own (guests by
  // phone); admins publish for any assembly, the Grace officer only for Grace.
  'GET /api/events': [{ request: () => ({ url: '/api/events' }), expect: publicRoute() }],
  'GET /api/events/:id': [
    { request: (f) => ({ url: `/api/events/${f.eventId}` }), expect: publicRoute() },
  ],
  'GET /api/events/:id/event.ics': [
    { request: (f) => ({ url: `/api/events/${f.eventId}/event.ics` }), expect: publicRoute() },
  ],
  'PUT /api/events/:id/rsvp': [
    {
      label: 'each caller their own reply',
      request: (f) => ({
        url: `/api/events/${f.eventId}/rsvp`,
        payload: { going: true, guests: 1, showName: false },
      }),
      expect: signedIn(),
    },
  ],
  'POST /api/events/:id/guest-rsvps': [
    {
      label: 'a phone of its own per caller',
      request: (f) => ({
        url: `/api/events/${f.eventId}/guest-rsvps`,
        payload: { name: 'Esi Guest', phone: freshPhone() },
      }),
      expect: publicRoute(201),
    },
  ],
  'GET /api/admin/events': [
    { request: () => ({ url: '/api/admin/events' }), expect: financeOnly() },
  ],
  'POST /api/admin/events': [
    {
      label: 'for Grace',
      request: () => ({ url: '/api/admin/events', payload: matrixEvent('grace') }),
      expect: financeOnly(201),
    },
    {
      label: 'for Bethel',
      request: () => ({ url: '/api/admin/events', payload: matrixEvent('bethel') }),
      expect: { ...financeOnly(201), officer: 403 },
    },
    {
      label: 'for all assemblies',
      request: () => ({ url: '/api/admin/events', payload: matrixEvent('') }),
      expect: { ...financeOnly(201), officer: 403 },
    },
  ],
  'DELETE /api/admin/events/:id': [
    {
      label: 'a Grace event',
      request: async (f) => ({ url: `/api/admin/events/${await f.newEvent('grace')}` }),
      expect: financeOnly(204),
    },
    {
      label: 'a Bethel event',
      request: async (f) => ({ url: `/api/admin/events/${await f.newEvent('bethel')}` }),
      expect: { ...financeOnly(204), officer: 403 },
    },
  ],
  'GET /api/admin/events/:id/rsvps.csv': [
    {
      label: 'a Grace event',
      request: (f) => ({ url: `/api/admin/events/${f.eventId}/rsvps.csv` }),
      expect: financeOnly(),
    },
    {
      label: 'a Bethel event',
      request: (f) => ({ url: `/api/admin/events/${f.bethelEventId}/rsvps.csv` }),
      expect: { ...financeOnly(), officer: 403 },
    },
  ],
};

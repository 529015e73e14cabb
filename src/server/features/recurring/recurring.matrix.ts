import { ownerOnly, signedIn, type MatrixRows } from '../../testing/authorization-matrix.ts';
import { gift, sundayReminders } from '../../testing/finance.ts';

// Who may call each route of recurring, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; recurring.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/giving/schedules': [
    {
      label: "each caller's own (a guest has none)",
      request: () => ({ url: '/api/giving/schedules' }),
      expect: signedIn(),
    },
  ],
  'GET /api/giving/schedules/:id': [
    { request: (f) => ({ url: `/api/giving/schedules/${f.scheduleId}` }), expect: ownerOnly() },
  ],
  'POST /api/giving/schedules': [
    {
      label: 'mobile money, reminders every Sunday',
      request: () => ({
        url: '/api/giving/schedules',
        payload: sundayReminders({ ...gift, amount: '5' }),
      }),
      expect: signedIn(201),
    },
  ],
  'POST /api/giving/schedules/:id/amount': [
    {
      request: (f) => ({
        url: `/api/giving/schedules/${f.scheduleId}/amount`,
        payload: { amount: '12' },
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/giving/schedules/:id/pause': [
    {
      request: async (f, caller) => ({
        url: `/api/giving/schedules/${caller === 'member' ? await f.newSchedule() : f.scheduleId}/pause`,
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/giving/schedules/:id/resume': [
    {
      label: 'an active one (the member: not paused)',
      request: (f) => ({ url: `/api/giving/schedules/${f.scheduleId}/resume` }),
      expect: ownerOnly(409),
    },
  ],
  'POST /api/giving/schedules/:id/stop': [
    {
      request: async (f, caller) => ({
        url: `/api/giving/schedules/${caller === 'member' ? await f.newSchedule() : f.scheduleId}/stop`,
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/giving/schedules/:id/card-link': [
    {
      label: 'a mobile-money one (the member: no card to update)',
      request: (f) => ({ url: `/api/giving/schedules/${f.scheduleId}/card-link` }),
      expect: ownerOnly(409),
    },
  ],
};

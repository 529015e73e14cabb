import { publicRoute, type MatrixRows, type Expect } from '../../testing/authorization-matrix.ts';

// Who may call each route of mailbox, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; mailbox.feature.ts names them).

/** The dev mailbox and outbox (off with a real SMTP server / SMS gateway): this machine, or admins from elsewhere. */
const mailbox = (status = 200): Expect => ({ ...publicRoute(403), admin: status });

export const rows: MatrixRows = {
  'GET /dev/mailbox': [
    { label: 'from another machine', request: () => ({ url: '/dev/mailbox' }), expect: mailbox() },
  ],
  'GET /dev/mailbox/:id': [
    {
      label: 'from another machine, an unknown mail',
      request: () => ({ url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' }),
      expect: mailbox(404),
    },
  ],
  'GET /dev/mailbox.json': [
    {
      label: 'from another machine',
      request: () => ({ url: '/dev/mailbox.json' }),
      expect: mailbox(),
    },
  ],
  // The dev outbox: SMS kept while no gateway is configured; the mailbox's readers.
  'GET /dev/outbox': [
    { label: 'from another machine', request: () => ({ url: '/dev/outbox' }), expect: mailbox() },
  ],
  'GET /dev/outbox.json': [
    {
      label: 'from another machine',
      request: () => ({ url: '/dev/outbox.json' }),
      expect: mailbox(),
    },
  ],
};

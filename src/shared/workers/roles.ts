import { m } from '../../paraglide/messages.js';
import type { ApplicationStatus, WorkerRole } from '../constants.ts';

// Who a worker is: the roles of spec §2 Role chooser, the ones that have a form, and an
// application's status, in the reader's language.

/** Readable names for the roles of spec §2 Role chooser. */
export const ROLE_LABELS: Record<WorkerRole, string> = {
  get reverend_minister() {
    return m.shared_workers_role_reverend_minister();
  },
  get pastor() {
    return m.shared_workers_role_pastor();
  },
  get elder() {
    return m.shared_workers_role_elder();
  },
  get campus_pastor() {
    return m.shared_workers_role_campus_pastor();
  },
  get cell_leader() {
    return m.shared_workers_role_cell_leader();
  },
};

/** Only these roles have a form (spec §2); the others show m.shared_workers_no_form(). */
export const APPLICATION_ROLES = ['pastor', 'elder'] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

export const isApplicationRole = (role: string): role is ApplicationRole =>
  (APPLICATION_ROLES as readonly string[]).includes(role);

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  get pending() {
    return m.shared_workers_status_pending();
  },
  get approved() {
    return m.shared_workers_status_approved();
  },
  get rejected() {
    return m.shared_workers_status_rejected();
  },
};

import { m } from '../../paraglide/messages.js';

// An admin's decision on an application: the reason a rejection gives.

/** The longest reason for a rejection an admin may give. */
export const DECISION_REASON_MAX = 1000;

/** The reject dialog's check, as decisionSchema's `reason` (the admin screen loads no zod). */
export function checkRejection(values: {
  reason: string;
}): { ok: true; values: { reason: string } } | { ok: false; errors: { reason: string } } {
  const reason = values.reason.trim();
  if (!reason) return { ok: false, errors: { reason: m.shared_workers_reason_required() } };
  if (reason.length > DECISION_REASON_MAX) {
    return {
      ok: false,
      errors: { reason: m.shared_workers_at_most({ max: DECISION_REASON_MAX }) },
    };
  }
  return { ok: true, values: { reason } };
}

import { m } from '../paraglide/messages.js';

// A module of its own, not in giving.ts: the screens that load giving.ts without a gift list
// would carry these texts too (in giving.ts they put the finance reports' route over its budget).

/** A gift's state in words (the app's payment history, the USSD's last gifts). */
export function giftStatusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return m.history_status_pending();
    case 'success':
      return m.history_status_success();
    case 'failed':
      return m.history_status_failed();
    case 'abandoned':
      return m.history_status_abandoned();
    case 'received':
      return m.history_status_received();
    case 'flagged':
      return m.history_status_flagged();
    case 'matched':
      return m.history_status_matched();
    default:
      return status;
  }
}

import type { AppContext } from '../../context.ts';
import { hitRateLimits, knownRefusal, rememberRefusal } from '../../platform/rate-limit.ts';
import { CHECKIN_GUESSES } from '../checkin/index.ts';

// What one number, and one session, may make Flock send or start by USSD (issue 47: an open
// gateway route sent 200 SMS in 2.4 s, 200 mobile-money prompts in 1.1 s, 205 pending cash
// entries, and guessed check-in codes without end). Counted in the shared rate-limit table,
// so the caps hold across instances. A real caller dials a few times an hour; these are far
// above that and far below what a script does.

const HOUR = 60 * 60_000;
/** A session lasts minutes; its counts are kept as long as its row (a day). */
const SESSION_WINDOW_MS = 24 * HOUR;

export const USSD_CAPS = {
  /** Mobile-money prompts (a gift confirmed on the menu). */
  prompt: { number: 5, windowMs: HOUR, session: 1 },
  /** Cash and bank codes: each a pending entry in the desk's lists. */
  entry: { number: 5, windowMs: HOUR, session: 1 },
  /** 'Talk to us': a support request and a mail to the church's inbox. */
  support: { number: 3, windowMs: HOUR, session: 1 },
  /** SMS to the calling number (a code, a link, the welcome, a prompt that failed). */
  sms: { number: 10, windowMs: HOUR, session: 2 },
  /**
   * Check-ins, each a guess of a service's code: what the web allows a member; a wrong code is
   * asked again (issue 48), a mistyped one or two in a session.
   */
  checkin: { number: CHECKIN_GUESSES.max, windowMs: CHECKIN_GUESSES.windowMs, session: 3 },
  /** Language switches (a member's is written to the account). */
  language: { number: 10, windowMs: HOUR, session: 3 },
} as const;

export type UssdCap = keyof typeof USSD_CAPS;

/**
 * Counts one `kind` for the calling number and for the session (its row id); false when
 * either is past its cap, and then the caller does nothing. A key past its cap is refused
 * from memory until its window ends (no write per refusal).
 */
export async function withinUssdCap(
  ctx: Pick<AppContext, 'db'>,
  kind: UssdCap,
  phone: string,
  session: string,
): Promise<boolean> {
  const cap = USSD_CAPS[kind];
  const byNumber = `ussd:${kind}:number:${phone}`;
  const bySession = `ussd:${kind}:session:${session}`;
  if (knownRefusal(ctx.db, byNumber) > 0 || knownRefusal(ctx.db, bySession) > 0) return false;
  const [number, inSession] = await hitRateLimits(ctx.db, [
    { key: byNumber, windowMs: cap.windowMs },
    { key: bySession, windowMs: SESSION_WINDOW_MS },
  ]);
  if (number!.count > cap.number) rememberRefusal(ctx.db, byNumber, number!.ttl);
  if (inSession!.count > cap.session) rememberRefusal(ctx.db, bySession, inSession!.ttl);
  return number!.count <= cap.number && inSession!.count <= cap.session;
}

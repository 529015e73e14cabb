import { and, eq, lt, sql } from 'drizzle-orm';
import { BANKS, type MomoProvider } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/languages.ts';
import { offersAssembly } from '../../../shared/schemas/church.ts';
import { toMomoPhone } from '../../../shared/momo-phone.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { users, ussdSessions } from '../../db/schema.ts';
import { inLocale, localeOf, type Locale } from '../../platform/locale.ts';
import { smsLetters } from '../../platform/sms/sms.ts';
import { bankDetails, listAssemblies } from '../../core/church.ts';
import { memberByVerifiedPhone } from '../accounts/index.ts';
import { setLanguage } from '../profile/index.ts';
import { giveScreen, look, save, startGift, tooManyScreen } from './ussd.actions.ts';
import { withinUssdCap } from './ussd.limits.ts';
import { answer } from './ussd.answers.ts';
import {
  initialState,
  USSD_SCREEN_MAX,
  type Action,
  type Caller,
  type CallerMember,
  type MenuData,
  type Screen,
  type UssdState,
} from './ussd.menu.ts';
import { render } from './ussd.screens.ts';

// USSD sessions (issue 32): what a gateway driver (ussd.routes.ts) hands over — its session
// id, the caller's number and network, and the inputs so far — becomes the next screen. The
// menu's state lives in ussd_sessions, so any instance answers and a restart loses nothing.

export interface UssdRequest {
  gateway: 'africastalking' | 'hubtel' | 'simulator';
  sessionId: string;
  phone: string;
  network: MomoProvider | null;
  /**
   * Africa's Talking sends every input of the session so far (`all`, oldest first; [] at the
   * start); Hubtel only the latest with its sequence (`latest` and how many inputs it makes).
   */
  inputs: { all: string[] } | { latest: string | null; count: number };
}

/** The gateway's number as E.164 ('233241234567', '+233 24…', '0241234567'), or null. */
export function callerPhone(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '');
  return toMomoPhone(/^233\d{9}$/.test(compact) ? `+${compact}` : compact);
}

/** The mobile-country-network codes of Ghana's networks (Africa's Talking's networkCode). */
export const GHANA_NETWORK_CODES: Record<string, MomoProvider> = {
  '62001': 'MTN',
  '62002': 'Telecel',
  '62003': 'AT',
  '62006': 'AT',
};

/**
 * The screen in GSM-7 letters (a Twi label from the shared texts may have ɛ and ɔ) and of at
 * most 160 characters; a longer one is a bug the menu walk test finds.
 */
function fit(screen: Screen): Screen {
  const text = smsLetters(screen.text);
  if (text.length <= USSD_SCREEN_MAX) return { ...screen, text };
  return { ...screen, text: `${text.slice(0, USSD_SCREEN_MAX - 1)}…` };
}

/**
 * The assemblies a caller may choose, read at most every 30 s per app: every USSD request
 * needs them, and an admin's change reaching USSD half a minute later harms no one.
 */
const assembliesRead = new WeakMap<
  AppContext,
  { at: number; list: Promise<MenuData['assemblies']> }
>();
async function menuData(ctx: AppContext): Promise<MenuData> {
  let cached = assembliesRead.get(ctx);
  if (!cached || Date.now() - cached.at > 30_000) {
    cached = { at: Date.now(), list: listAssemblies(ctx) };
    assembliesRead.set(ctx, cached);
    cached.list.catch(() => assembliesRead.delete(ctx));
  }
  const banks = bankDetails(ctx);
  return {
    churchName: ctx.church.churchName,
    maxPesewas: ctx.config.giving.maxAmountPesewas,
    assemblies: await cached.list,
    banks: BANKS.map((slug) => ({ slug, label: banks[slug].label })),
  };
}

/** The last screen of a request that lost the race to save (the winner saves). */
const racingAnswer = (kind: 'code' | 'talk' | 'register') =>
  kind === 'code'
    ? m.ussd_racing_code()
    : kind === 'talk'
      ? m.ussd_racing_talk()
      : m.ussd_racing_register();

/** The member whose proved phone dials, as the menu knows them. */
async function callerMember(ctx: AppContext, phone: string): Promise<CallerMember | null> {
  const member = await memberByVerifiedPhone(ctx, phone);
  if (!member) return null;
  const [firstName = '', ...rest] = member.fullName.trim().split(/\s+/);
  const offered = offersAssembly((await menuData(ctx)).assemblies, member.assemblyName);
  const [account] = await ctx.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, member.id));
  return {
    id: member.id,
    firstName,
    lastName: rest.join(' ') || firstName,
    assembly: offered ? member.assemblyName : null,
    locale: account?.locale ?? 'en',
  };
}

/**
 * The answer to one gateway request. A request that brings no new input (a gateway's
 * replay, or one that arrives after a later one) gets the screen already sent; two requests
 * racing for one step are settled by the row's input count (compare and set), and a gift
 * starts only for the one that won.
 */
export async function handleUssd(ctx: AppContext, request: UssdRequest): Promise<UssdAnswer> {
  // Before the caller is known (and for a caller with no account): English.
  return inLocale('en', () => answerUssd(ctx, request));
}

/** A screen and the language it is in (the simulator's page marks it for screen readers). */
export interface UssdAnswer extends Screen {
  locale: Locale;
}

async function answerUssd(ctx: AppContext, request: UssdRequest): Promise<UssdAnswer> {
  const phone = callerPhone(request.phone);
  if (!phone) return { text: m.ussd_ghana_only(), end: true, locale: 'en' };
  const id = `${request.gateway}:${request.sessionId}`;

  // One statement: the session's row, made at its first request (a no-op update returns it).
  const [row] = await ctx.db
    .insert(ussdSessions)
    .values({ id, phone, state: initialState(), screen: '' })
    .onConflictDoUpdate({ target: ussdSessions.id, set: { id: sql`excluded.id` } })
    .returning();
  if (!row || row.phone !== phone) {
    return { text: m.ussd_other_number(), end: true, locale: 'en' };
  }
  const given = request.inputs;
  const total = 'all' in given ? given.all.length : given.count;
  const fresh =
    'all' in given
      ? given.all.slice(row.inputs)
      : given.count > row.inputs && given.latest !== null
        ? [given.latest] // a lost request's input cannot be known: take the latest
        : [];
  if (row.screen !== '' && (row.ended || fresh.length === 0)) {
    return { text: row.screen, end: row.ended, locale: sessionLocale(row.state as UssdState) };
  }

  // About one new session in a hundred clears those a day old (an indexed delete).
  if (row.screen === '' && Math.random() < 0.01) await pruneUssdSessions(ctx, ctx.now());
  const data = await menuData(ctx);
  const saved = row.state as UssdState;
  // Who calls is looked up at the session's first request only, and kept in its state.
  const member = saved.member !== undefined ? saved.member : await callerMember(ctx, phone);
  return answerCaller(ctx, { id, row, total, fresh, data, saved, member }, request.network, phone);
}

/**
 * The session's language (decision 043): the one chosen on its main menu, else the member's,
 * else English. Every screen and SMS of the session is in it.
 */
const sessionLocale = (state: UssdState): Locale => localeOf(state.locale ?? state.member?.locale);

/** The rest of a request once the caller is known, in the session's language. */
async function answerCaller(
  ctx: AppContext,
  session: {
    id: string;
    row: typeof ussdSessions.$inferSelect;
    total: number;
    fresh: string[];
    data: MenuData;
    saved: UssdState;
    member: CallerMember | null;
  },
  network: MomoProvider | null,
  phone: string,
): Promise<UssdAnswer> {
  const { id, row, total, fresh, data, saved } = session;
  let { member } = session;
  let caller: Caller = { phone, network, member };
  let state: UssdState = { ...saved, member };
  // In the language in force at each step: an input may switch it.
  const speak = <T>(work: () => T): T => inLocale(sessionLocale(state), work);
  let screen = speak(() => render(state, caller, data));
  let gift: Extract<Action, { kind: 'give' }>['draft'] | null = null;
  let saving: Extract<Action, { kind: 'code' | 'talk' | 'register' }> | null = null;
  let chosen: Language | null = null;
  for (const input of fresh) {
    const next = speak(() => answer(state, input, caller, data));
    state = { ...next.state, member };
    if (next.action?.kind === 'language') {
      if (!(await withinUssdCap(ctx, 'language', phone, id))) {
        screen = speak(tooManyScreen);
        break;
      }
      // The main menu again, at once in the chosen language; a member's kept below.
      chosen = next.action.locale;
      if (member) {
        member = { ...member, locale: chosen };
        caller = { ...caller, member };
        state = { ...state, member };
      }
      screen = speak(() => render(state, caller, data));
      continue;
    }
    if (next.action?.kind === 'give') {
      gift = next.action.draft;
      const amount = gift.amount;
      screen = speak(() => giveScreen(amount));
      break;
    }
    if (
      next.action?.kind === 'code' ||
      next.action?.kind === 'talk' ||
      next.action?.kind === 'register'
    ) {
      // Saved only by the request that wins the step below; a racing one is told this.
      saving = next.action;
      const kind = saving.kind;
      screen = { text: speak(() => racingAnswer(kind)), end: true };
      break;
    }
    const action = next.action;
    if (!action) {
      screen = speak(() => render(state, caller, data));
      continue;
    }
    const looked = await speak(() => look(ctx, action, caller, id));
    if ('end' in looked) {
      screen = looked.end;
      break;
    }
    // A look-up that leaves the caller a way on: its text to read, or the step asked again.
    state =
      'show' in looked
        ? { ...state, step: 'shown', back: [...state.back, state.step], shown: looked.show }
        : { ...state, notice: looked.retry };
    screen = speak(() => render(state, caller, data));
  }
  screen = fit(screen);
  const won = await ctx.db
    .update(ussdSessions)
    .set({ state, inputs: total, screen: screen.text, ended: screen.end, updatedAt: new Date() })
    .where(
      and(
        eq(ussdSessions.id, id),
        eq(ussdSessions.inputs, row.inputs),
        eq(ussdSessions.ended, false),
      ),
    )
    .returning({ id: ussdSessions.id });
  if (won.length === 0) {
    const [now] = await ctx.db.select().from(ussdSessions).where(eq(ussdSessions.id, id));
    return { text: now!.screen, end: now!.ended, locale: sessionLocale(now!.state as UssdState) };
  }
  if (chosen && member) await keepLanguage(ctx, member.id, chosen);
  /** The session's last screen, decided after it won the step (replays get it too). */
  const finalScreen = async (last: Screen): Promise<UssdAnswer> => {
    const fitted = fit(last);
    await ctx.db
      .update(ussdSessions)
      .set({ screen: fitted.text, updatedAt: new Date() })
      .where(eq(ussdSessions.id, id));
    return { ...fitted, locale: sessionLocale(state) };
  };
  const draft = gift;
  // The prompt's failure SMS, sent later, in the session's language too.
  if (draft && !(await speak(() => startGift(ctx, draft, caller, id)))) {
    return finalScreen(speak(tooManyScreen));
  }
  const action = saving;
  if (action) return finalScreen(await speak(() => save(ctx, action, caller, id)));
  return { ...screen, locale: sessionLocale(state) };
}

/**
 * A member's language chosen on the menu, kept on the account as the web's switch keeps it:
 * their mails, SMS, push and later sessions use it. A failure is logged; this session speaks
 * the choice anyway.
 */
async function keepLanguage(ctx: AppContext, userId: string, locale: Language) {
  try {
    await setLanguage(ctx, userId, locale);
  } catch (error) {
    ctx.log.warn({ err: error }, 'USSD: the language chosen was not kept on the account');
  }
}

/** Ends a session the gateway closed or timed out; its row is kept a day for replays. */
export async function endUssdSession(
  ctx: Pick<AppContext, 'db'>,
  gateway: string,
  sessionId: string,
) {
  await ctx.db
    .update(ussdSessions)
    .set({ ended: true, updatedAt: new Date() })
    .where(eq(ussdSessions.id, `${gateway}:${sessionId}`));
}

/** Sessions untouched for a day go. */
export async function pruneUssdSessions(ctx: Pick<AppContext, 'db'>, now = new Date()) {
  await ctx.db
    .delete(ussdSessions)
    .where(lt(ussdSessions.updatedAt, new Date(now.getTime() - 86_400_000)));
}

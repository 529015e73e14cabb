import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { BANKS, type MomoProvider } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/languages.ts';
import { formatCedis, OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { toMomoPhone } from '../../../shared/momo-phone.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { transactions, users, ussdSessions } from '../../db/schema.ts';
import { inLocale, localeOf, type Locale } from '../../platform/locale.ts';
import { smsLetters } from '../../platform/sms/sms.ts';
import { bankDetails, listAssemblies } from '../church/church.service.ts';
import { todaysDevotional } from '../devotional/devotional.service.ts';
import { memberByVerifiedPhone, registerByCall } from '../accounts/phone.ts';
import { codeSmsText, createGift } from '../giving/giving.service.ts';
import { createPhoneSupportRequest } from '../support/support.service.ts';
import { setLanguage } from '../profile/language.ts';
import { checkIn } from '../checkin/checkin.service.ts';
import { AppError } from '../../http/errors.ts';
import {
  answer,
  initialState,
  render,
  USSD_SCREEN_MAX,
  type Action,
  type Caller,
  type CallerMember,
  type MenuData,
  type Screen,
  type UssdState,
} from './ussd.menu.ts';

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

const giveScreen = (amount: number): Screen => ({
  text: m.ussd_give_end({ amount: formatCedis(amount) }),
  end: true,
});

/**
 * The gift a session confirmed: a mobile-money gift from the caller's own number through
 * the app's provider path, so it is confirmed, receipted and reported like any other. The
 * prompt goes out once the session has closed: a phone shows one USSD at a time, and the
 * gateway wants its answer within a second (the provider may take longer).
 */
function giveLater(
  ctx: AppContext,
  draft: Extract<Action, { kind: 'give' }>['draft'],
  caller: Caller,
) {
  setTimeout(() => {
    createGift(
      ctx,
      {
        type: draft.type,
        otherType: draft.type === 'other' ? draft.otherType! : null,
        firstName: draft.firstName!,
        lastName: draft.lastName!,
        assembly: draft.assembly,
        amount: draft.amount,
        paymentMethod: 'momo',
        phone: caller.phone,
        provider: draft.network,
      },
      // A caller by USSD has no device cookie and no card return: their number is theirs,
      // and their account's when a member proved it (decision 033).
      {
        userId: caller.member?.id ?? null,
        guestId: null,
        returnOrigin: ctx.config.publicUrl,
        ussdPhone: caller.phone,
      },
    ).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'USSD gift: the mobile-money prompt was not sent');
      void ctx.sms
        .send({
          to: caller.phone,
          text: m.sms_ussd_gift_failed({
            church: ctx.church.churchName.slice(0, 40),
            amount: formatCedis(draft.amount),
          }),
        })
        .catch(() => {});
    });
  }, ctx.config.ussd.promptDelayMs).unref();
}

/**
 * 'Cash or bank code': the same cash or bank gift the app's form saves, with the code the
 * app shows (a guest's gift with the caller's number, made by USSD), and the code by SMS
 * with what to do with it, as the app's code screen says it.
 */
async function saveCodeGift(
  ctx: AppContext,
  draft: Extract<Action, { kind: 'code' }>['draft'],
  caller: Caller,
): Promise<Screen> {
  const common = {
    type: draft.type,
    otherType: draft.type === 'other' ? draft.otherType! : null,
    firstName: draft.firstName,
    lastName: draft.lastName,
    assembly: draft.assembly,
    amount: draft.amount,
  };
  const giver = {
    userId: caller.member?.id ?? null,
    guestId: null,
    returnOrigin: ctx.config.publicUrl,
    ussdPhone: caller.phone,
  };
  const amount = `GHS ${formatCedis(draft.amount)}`;
  const what = (common.otherType ?? OFFERING_TYPE_LABELS[draft.type]).toLowerCase();
  let screen: string;
  let sms: string;
  if (draft.method === 'cash') {
    const result = await createGift(ctx, { ...common, paymentMethod: 'cash' }, giver);
    if (result.method !== 'cash') throw new Error('a cash gift came back as another method');
    screen = m.ussd_code_cash_done({ what, amount, code: result.code });
    sms = codeSmsText(ctx, { ...common, method: 'cash', code: result.code });
  } else {
    const bank = bankDetails(ctx)[draft.bank!];
    const result = await createGift(
      ctx,
      { ...common, paymentMethod: 'bank', bank: draft.bank! },
      giver,
    );
    if (result.method !== 'bank') throw new Error('a bank gift came back as another method');
    if (result.code) {
      screen = m.ussd_code_bank_done({ what, amount, bank: bank.label, code: result.code });
      sms = codeSmsText(ctx, { ...common, method: 'bank', bank: draft.bank, code: result.code });
    } else {
      screen = m.ussd_code_bank_no_code({ what, amount });
      sms = codeSmsText(ctx, { ...common, method: 'bank', bank: draft.bank, code: null });
    }
  }
  // Not awaited: the gateway waits for this screen, and an SMS gateway may be slow.
  void sendSms(ctx, caller.phone, sms);
  return { text: screen, end: true };
}

/** An SMS the caller needs; a gateway failure is logged, the saved gift stands. */
async function sendSms(ctx: AppContext, to: string, text: string) {
  try {
    await ctx.sms.send({ to, text });
  } catch (error) {
    ctx.log.warn({ err: error }, 'USSD: the SMS to the caller was not sent');
  }
}

/** What a completed 'Cash or bank code' or 'Talk to us' saves, and the last screen. */
async function save(
  ctx: AppContext,
  action: Extract<Action, { kind: 'code' | 'talk' | 'register' }>,
  caller: Caller,
): Promise<Screen> {
  try {
    if (action.kind === 'code') return await saveCodeGift(ctx, action.draft, caller);
    if (action.kind === 'register') return await register(ctx, action, caller);
    await createPhoneSupportRequest(ctx, {
      fullName: action.name,
      phone: caller.phone,
      message: action.message,
    });
    return {
      text: m.ussd_talk_done({ name: action.name.slice(0, 30), phone: caller.phone }),
      end: true,
    };
  } catch (error) {
    ctx.log.error({ err: error, kind: action.kind }, 'USSD: not saved');
    return { text: m.ussd_not_saved(), end: true };
  }
}

/**
 * 'Register': an account on the number that dials (the call proves it), its receipts by SMS,
 * in the session's language (the one chosen on the menu, or English); the app's password is
 * set later by an SMS code, as the welcome SMS says.
 */
async function register(
  ctx: AppContext,
  action: Extract<Action, { kind: 'register' }>,
  caller: Caller,
): Promise<Screen> {
  const created = await registerByCall(ctx, { ...action, phone: caller.phone });
  if (!created) return { text: m.ussd_already_registered(), end: true };
  const church = ctx.church.churchName.slice(0, 30);
  void sendSms(
    ctx,
    caller.phone,
    m.sms_ussd_welcome({
      church,
      name: action.firstName.slice(0, 20),
      url: ctx.config.publicUrl,
    }),
  );
  return {
    text: m.ussd_registered({ name: action.firstName.slice(0, 20) }),
    end: true,
  };
}

/** What the menus that only read answer (the last screen of the session). */
async function look(ctx: AppContext, action: Action, caller: Caller): Promise<Screen> {
  if (action.kind === 'checkin') {
    // Checking in twice changes nothing: racing requests may both ask.
    if (!caller.member) return { text: m.ussd_register_first(), end: true };
    try {
      const result = await checkIn(ctx, caller.member, { code: action.code }, 'ussd');
      return { text: result.message, end: true };
    } catch (error) {
      if (error instanceof AppError) return { text: error.message, end: true };
      throw error;
    }
  }
  if (action.kind === 'devotional') {
    const today = await todaysDevotional(ctx, ctx.now());
    if (!today) return { text: m.ussd_no_devotional(), end: true };
    // The day's own page, by SMS: a USSD screen cannot be kept or tapped.
    const link = `${ctx.config.publicUrl}/devotional/week/${today.weekId}/day/${today.day}`;
    const title = today.title.slice(0, 80);
    void sendSms(ctx, caller.phone, m.sms_ussd_devotional({ title, link }));
    return {
      text: m.ussd_devotional({ title }),
      end: true,
    };
  }
  const rows = await ctx.db
    .select({
      amount: transactions.amount,
      type: transactions.type,
      status: transactions.status,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    // A member's own gifts; a guest's, those the number paid (the network vouches for it).
    .where(
      caller.member
        ? eq(transactions.userId, caller.member.id)
        : eq(transactions.phone, caller.phone),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(5);
  if (rows.length === 0) return { text: m.ussd_no_gifts(), end: true };
  const lines = rows.map((r) => {
    const day = r.createdAt.toISOString().slice(5, 10).split('-').reverse().join('/');
    const type = OFFERING_TYPE_LABELS[r.type as keyof typeof OFFERING_TYPE_LABELS] ?? r.type;
    return `${day} ${formatCedis(r.amount)} ${type.slice(0, 9)} ${r.status === 'success' ? m.ussd_paid() : r.status}`;
  });
  return { text: m.ussd_last_gifts({ lines: lines.join('\n') }), end: true };
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
  const offered = (await menuData(ctx)).assemblies.some((a) => a.slug === member.assemblyName);
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
    screen = action
      ? await speak(() => look(ctx, action, caller))
      : speak(() => render(state, caller, data));
    if (action) break;
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
  const draft = gift;
  // The prompt's failure SMS, sent later, in the session's language too.
  if (draft) speak(() => giveLater(ctx, draft, caller));
  const action = saving;
  if (action) {
    const saved = fit(await speak(() => save(ctx, action, caller)));
    await ctx.db
      .update(ussdSessions)
      .set({ screen: saved.text, updatedAt: new Date() })
      .where(eq(ussdSessions.id, id));
    return { ...saved, locale: sessionLocale(state) };
  }
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

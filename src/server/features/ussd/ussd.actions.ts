import { desc, eq } from 'drizzle-orm';
import { giftStatusLabel } from '../../../shared/gift-status.ts';
import { formatCedis, formatGhs, formatNumericDay } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { registerByCall } from '../accounts/index.ts';
import { bankDetails } from '../../core/church.ts';
import { checkIn } from '../checkin/index.ts';
import { todaysDevotional } from '../devotional/index.ts';
import { codeSmsText, createGift } from '../giving/index.ts';
import { createPhoneSupportRequest } from '../support/index.ts';
import { USSD_SCREEN_MAX, type Action, type Caller, type Screen } from './ussd.menu.ts';
import { withinUssdCap } from './ussd.limits.ts';

// What a USSD session does once the menu has its answer (issue 32): start a gift's prompt,
// save a cash or bank code, a message or an account, check in, text a link, or read the last
// gifts. Each thing a session can send or start is counted per number and per session
// (ussd.limits.ts, issue 47); past a cap the caller is told to try later and nothing is done.
// `session` is the session's row id (gateway:sessionId).

/** The last screen when a cap is reached. */
export const tooManyScreen = (): Screen => ({ text: m.ussd_too_many(), end: true });

export const giveScreen = (amount: number): Screen => ({
  text: m.ussd_give_end({ amount: formatCedis(amount) }),
  end: true,
});

/**
 * The gift a session confirmed: a mobile-money gift from the caller's own number through
 * the app's provider path, so it is confirmed, receipted and reported like any other. The
 * prompt goes out once the session has closed: a phone shows one USSD at a time, and the
 * gateway wants its answer within a second (the provider may take longer). False (nothing
 * started) when the number or the session has had its prompts.
 */
export async function startGift(
  ctx: AppContext,
  draft: Extract<Action, { kind: 'give' }>['draft'],
  caller: Caller,
  session: string,
): Promise<boolean> {
  if (!(await withinUssdCap(ctx, 'prompt', caller.phone, session))) return false;
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
      const text = m.sms_ussd_gift_failed({
        church: ctx.church.churchName.slice(0, 40),
        amount: formatCedis(draft.amount),
      });
      void textCaller(ctx, caller.phone, session, text);
    });
  }, ctx.config.ussd.promptDelayMs).unref();
  return true;
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
  session: string,
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
  const amount = formatGhs(draft.amount);
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
  void textCaller(ctx, caller.phone, session, sms);
  return { text: screen, end: true };
}

/**
 * An SMS the caller needs, within the number's and the session's SMS (`counted`: already
 * counted by the caller); a gateway failure is logged, the saved gift stands.
 */
async function textCaller(
  ctx: AppContext,
  to: string,
  session: string,
  text: string,
  counted = false,
) {
  try {
    if (!counted && !(await withinUssdCap(ctx, 'sms', to, session))) {
      ctx.log.warn('USSD: an SMS to the caller was not sent (the number had its SMS)');
      return;
    }
    await ctx.sms.send({ to, text });
  } catch (error) {
    ctx.log.warn({ err: error }, 'USSD: the SMS to the caller was not sent');
  }
}

/**
 * What a completed 'Cash or bank code', 'Talk to us' or 'Register' saves, and the last screen.
 * A number (and a session) makes a few codes and messages an hour: each is an entry in the
 * desk's lists or a mail to the church's inbox.
 */
export async function save(
  ctx: AppContext,
  action: Extract<Action, { kind: 'code' | 'talk' | 'register' }>,
  caller: Caller,
  session: string,
): Promise<Screen> {
  try {
    const cap = action.kind === 'code' ? 'entry' : action.kind === 'talk' ? 'support' : null;
    if (cap && !(await withinUssdCap(ctx, cap, caller.phone, session))) return tooManyScreen();
    if (action.kind === 'code') return await saveCodeGift(ctx, action.draft, caller, session);
    if (action.kind === 'register') return await register(ctx, action, caller, session);
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
  session: string,
): Promise<Screen> {
  const created = await registerByCall(ctx, { ...action, phone: caller.phone });
  if (!created) return { text: m.ussd_already_registered(), end: true };
  const church = ctx.church.churchName.slice(0, 30);
  void textCaller(
    ctx,
    caller.phone,
    session,
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

/**
 * What a look-up answers: the session's last screen (`end`), or a screen to stay on, so a
 * caller is never left without a way back (issue 48): `show`, a text to read with 0 Back and
 * 00 Menu; `retry`, a refusal above the step the caller was on.
 */
export type LookAnswer = { end: Screen } | { show: string } | { retry: string };

/**
 * What the menus that look something up answer: a check-in (each a guess of the service's
 * code, counted as the web counts a member's; a wrong one asked again), the devotional's link
 * by SMS, the last gifts.
 */
export async function look(
  ctx: AppContext,
  action: Action,
  caller: Caller,
  session: string,
): Promise<LookAnswer> {
  const end = (text: string): LookAnswer => ({ end: { text, end: true } });
  if (action.kind === 'checkin') {
    // Checking in twice changes nothing: racing requests may both ask.
    if (!caller.member) return end(m.ussd_register_first());
    if (!(await withinUssdCap(ctx, 'checkin', caller.phone, session))) {
      return { end: tooManyScreen() };
    }
    try {
      const result = await checkIn(ctx, caller.member, { code: action.code }, 'ussd');
      return end(result.message);
    } catch (error) {
      if (error instanceof AppError) return { retry: error.message };
      throw error;
    }
  }
  if (action.kind === 'devotional') {
    const today = await todaysDevotional(ctx, ctx.now());
    if (!today) return end(m.ussd_no_devotional());
    // The screen says the link comes: it comes, or the caller is told to try later.
    if (!(await withinUssdCap(ctx, 'sms', caller.phone, session))) {
      return { end: tooManyScreen() };
    }
    // The day's own page, by SMS: a USSD screen cannot be kept or tapped.
    const link = `${ctx.config.publicUrl}/devotional/week/${today.weekId}/day/${today.day}`;
    const title = today.title.slice(0, 80);
    void textCaller(ctx, caller.phone, session, m.sms_ussd_devotional({ title, link }), true);
    return end(m.ussd_devotional({ title }));
  }
  return { show: await lastGifts(ctx, caller) };
}

/** 'My last 5 gifts': as many of the five as fit the screen with its 0 Back 00 Menu line. */
async function lastGifts(ctx: AppContext, caller: Caller): Promise<string> {
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
  if (rows.length === 0) return m.ussd_no_gifts();
  const lines = rows.map((r) => {
    const day = formatNumericDay(r.createdAt);
    const type = OFFERING_TYPE_LABELS[r.type as keyof typeof OFFERING_TYPE_LABELS] ?? r.type;
    return `${day} ${formatCedis(r.amount)} ${type.slice(0, 9)} ${r.status === 'success' ? m.ussd_paid() : giftStatusLabel(r.status)}`;
  });
  const room = USSD_SCREEN_MAX - m.ussd_nav().length - 1;
  const text = (count: number) => m.ussd_last_gifts({ lines: lines.slice(0, count).join('\n') });
  let count = lines.length;
  while (count > 1 && text(count).length > room) count--;
  return text(count);
}

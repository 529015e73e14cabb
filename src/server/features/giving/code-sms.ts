import { eq } from 'drizzle-orm';
import type { Bank } from '../../../shared/constants.ts';
import { formatGhs } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS, type Offering } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { inLocale } from '../../platform/locale.ts';
import { provenPhone, reachOf } from '../../platform/sms/sms.ts';
import { bankDetails } from '../../core/church.ts';

// A cash or bank gift's code by SMS (USSD, and members who chose SMS).

/** A cash or bank gift as its code SMS tells it. */
export interface CodeGift {
  method: 'cash' | 'bank';
  bank?: Bank | undefined;
  type: Offering['type'];
  otherType: string | null;
  amount: number;
  code: string | null;
}

/**
 * The SMS that carries a cash or bank gift's code (or a transfer's details without one), in
 * the words of the app's code screen: the same for a gift made in the app or by USSD.
 */
export function codeSmsText(ctx: Pick<AppContext, 'church'>, gift: CodeGift): string {
  const church = ctx.church.churchName.slice(0, 30);
  const amount = formatGhs(gift.amount);
  const what = (gift.otherType ?? OFFERING_TYPE_LABELS[gift.type]).toLowerCase();
  if (gift.method === 'cash') {
    return m.sms_giving_cash_code({ church, what, amount, code: gift.code! });
  }
  const bank = bankDetails(ctx)[gift.bank!];
  const account = `${bank.label}, ${bank.accountName}, acc. ${bank.accountNumber}, ${bank.branch}`;
  return gift.code
    ? m.sms_giving_bank_code({ church, code: gift.code, amount, what, account })
    : m.sms_giving_bank_no_code({ church, what, amount, account });
}

/**
 * A member who chose SMS for receipts and codes (or has no email) gets a cash or bank gift's
 * code by SMS too (issue 32, decision 054). Not awaited by the caller's answer; a failure is logged, the gift stands.
 */
export async function sendCodeToMember(ctx: AppContext, userId: string, gift: CodeGift) {
  // Never throws: nobody waits for it, and the gift and its code on screen stand anyway.
  try {
    const [member] = await ctx.db
      .select({
        email: users.email,
        phone: provenPhone,
        channel: users.receiptChannel,
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, userId));
    const to = reachOf(member).phone;
    if (to) {
      await ctx.sms.send({ to, text: inLocale(member!.locale, () => codeSmsText(ctx, gift)) });
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'the code SMS was not sent');
  }
}

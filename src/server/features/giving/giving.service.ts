import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { ProviderError } from '../../platform/payments/types.ts';
import { isAssemblyOffered } from '../../core/church.ts';

// The money path. Rules (DESIGN.md principle 5): amounts are integer pesewas; a card or
// mobile-money gift is written as `pending` with a reference we generated BEFORE any
// provider call; only a signed webhook or our own verify call saying `success` with the
// expected amount and currency credits it; every provider answer is kept with the gift;
// crediting is idempotent (webhooks are retried and duplicated).

export type Ctx = Pick<
  AppContext,
  'db' | 'config' | 'payments' | 'log' | 'mailer' | 'sms' | 'church' | 'secrets' | 'now'
>;

export function newReference(kind: 'CARD' | 'MOMO'): string {
  return `FLK-${kind}-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Appends one provider answer to the gift's trail (never overwrites earlier ones). */
export function trail(source: string, raw: unknown) {
  const entry = JSON.stringify([{ at: new Date().toISOString(), source, raw: raw ?? null }]);
  return sql`coalesce(${transactions.providerResponse}, '[]'::jsonb) || ${entry}::jsonb`;
}

/** What went wrong, for the gift's trail: our message plus whatever the provider answered. */
function providerFailure(error: unknown) {
  return {
    error: error instanceof Error ? error.message : String(error),
    answer: error instanceof ProviderError ? error.raw : null,
  };
}

/** A provider call threw: the gift fails, with what went wrong in its trail. */
export async function failGift(ctx: Ctx, reference: string, source: string, error: unknown) {
  await ctx.db
    .update(transactions)
    .set({
      status: 'failed',
      providerResponse: trail(source, providerFailure(error)),
      updatedAt: new Date(),
    })
    .where(eq(transactions.reference, reference));
}

export async function assertAssembly(ctx: Ctx, slug: string) {
  if (!(await isAssemblyOffered(ctx, slug))) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_giving_fields(), {
      assembly: m.server_giving_select_assembly(),
    });
  }
}

/** A member sees only their own gifts; a guest's gift is reachable by its secret reference. */
export async function findOwnGift(ctx: Ctx, reference: string, userId: string | null) {
  const [gift] = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference));
  if (!gift || (gift.userId !== null && gift.userId !== userId)) {
    throw new AppError(404, 'NOT_FOUND', m.server_giving_no_gift());
  }
  return gift;
}

/** A gift's columns, whichever way it is paid. */
export type Common = {
  userId: string | null;
  guestId: string | null;
  firstName: string;
  lastName: string;
  assembly: string;
  type: string;
  otherType: string | null;
  amount: number;
  channel: string;
};

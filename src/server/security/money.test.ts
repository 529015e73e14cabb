import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { receipts, transactions } from '../db/schema.ts';
import { memberSession } from '../testing/accounts.ts';
import { useFakeProviders } from '../testing/fake-providers.ts';
import { useTestApp } from '../testing/test-app.ts';
import { postGift } from '../testing/finance.ts';

// Money attacks the giving tests do not already cover (issue 15, Build 3): concurrent
// confirmations from every path at once, stale events after a gift is settled, and amounts
// in every shape a client can send. giving.test.ts covers forged and missing signatures,
// ten identical webhooks, wrong amount or currency and unknown references.

const base = { type: 'offering', firstName: 'Kofi', lastName: 'Owusu', assembly: 'grace' };

describe('money: credited exactly once or never', () => {
  const providers = useFakeProviders();
  const t = useTestApp(() => ({ env: { ...providers.env, GIVING_MAX_AMOUNT: '10000' } }));
  let member: string;

  beforeAll(async () => {
    member = await memberSession(t, 'giver@example.com');
  });

  const give = (payload: object) => postGift(t, { ...base, ...payload }, member);
  const gift = async (reference: string) =>
    (await t.db.select().from(transactions).where(eq(transactions.reference, reference)))[0]!;
  const receiptsOf = async (reference: string) =>
    t.db
      .select()
      .from(receipts)
      .where(eq(receipts.entryId, (await gift(reference)).id));
  const paystackHook = (rawBody: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/paystack',
      payload: rawBody,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
  const moolreHook = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/moolre', payload });
  const statusCheck = (reference: string) =>
    t.app.inject({ url: `/api/giving/gifts/${reference}`, headers: { cookie: member } });

  it('a card gift confirmed by webhooks and by the callback page opened twice, all at once: one credit, one receipt', async () => {
    const { reference } = (
      await give({ paymentMethod: 'card', email: 'giver@example.com', amount: '25' })
    ).json();
    providers.paystack.settle(reference, 'success');
    const hook = providers.paystack.webhook(reference);
    const answers = await Promise.all([
      paystackHook(hook.rawBody, hook.signature),
      statusCheck(reference),
      paystackHook(hook.rawBody, hook.signature),
      statusCheck(reference),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const credited = await gift(reference);
    expect(credited.status).toBe('success');
    const trail = credited.providerResponse as { source: string }[];
    // One entry says how it was credited; the others found it credited and changed nothing.
    expect(trail.filter((e) => e.source !== 'initialize')).toHaveLength(1);
    expect(await receiptsOf(reference)).toHaveLength(1);
    expect((await statusCheck(reference)).json().status).toBe('success');
  });

  it('a mobile money callback replayed ten times at once: one credit, one receipt', async () => {
    const { reference } = (
      await give({ paymentMethod: 'momo', phone: '024 123 4567', provider: 'MTN', amount: '12' })
    ).json();
    providers.moolre.approve(reference);
    const payload = providers.moolre.callback(reference, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => moolreHook(payload)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const credited = await gift(reference);
    expect(credited.status).toBe('success');
    expect(await receiptsOf(reference)).toHaveLength(1);
  });

  it('a stale event after the gift is settled changes nothing: a late decline, an old success with another amount', async () => {
    const { reference } = (
      await give({ paymentMethod: 'card', email: 'giver@example.com', amount: '30' })
    ).json();
    providers.paystack.settle(reference, 'success');
    const hook = providers.paystack.webhook(reference);
    await paystackHook(hook.rawBody, hook.signature);
    const paidAt = (await gift(reference)).paidAt;

    const late = providers.paystack.webhook(reference, { status: 'failed' });
    expect((await paystackHook(late.rawBody, late.signature)).statusCode).toBe(200);
    const other = providers.paystack.webhook(reference, { amount: 1 });
    expect((await paystackHook(other.rawBody, other.signature)).statusCode).toBe(200);
    const after = await gift(reference);
    expect(after.status).toBe('success');
    expect(after.paidAt).toEqual(paidAt);
    expect(after.amount).toBe(3000);
    expect(await receiptsOf(reference)).toHaveLength(1);
  });

  it('a mismatch is recorded in the gift’s trail and never credited, however often it comes', async () => {
    // The same event delivered five times at once is one event (decision 034): one record.
    const { reference } = (
      await give({ paymentMethod: 'card', email: 'giver@example.com', amount: '40' })
    ).json();
    const wrong = providers.paystack.webhook(reference, { amount: 4001 });
    await Promise.all(
      Array.from({ length: 5 }, () => paystackHook(wrong.rawBody, wrong.signature)),
    );
    const g = await gift(reference);
    expect(g.status).toBe('pending');
    expect(
      (g.providerResponse as { source: string }[]).filter((e) => e.source === 'webhook:mismatch'),
    ).toHaveLength(1);
    // Another delivery of a mismatch (a different body): recorded too, still not credited.
    const again = providers.paystack.webhook(reference, { amount: 4002 });
    await paystackHook(again.rawBody, again.signature);
    const later = await gift(reference);
    expect(later.status).toBe('pending');
    expect(
      (later.providerResponse as { source: string }[]).filter(
        (e) => e.source === 'webhook:mismatch',
      ),
    ).toHaveLength(2);
    expect(await receiptsOf(reference)).toHaveLength(0);
  });

  it.each([
    [0, 'The amount must be more than 0.'],
    ['0.00', 'The amount must be more than 0.'],
    [-1, 'The amount must be more than 0.'],
    ['-0.01', 'The amount must be more than 0.'],
    [0.001, 'Use at most 2 decimals (pesewas), e.g. 10.55.'],
    ['10.005', 'Use at most 2 decimals (pesewas), e.g. 10.55.'],
    [1e21, 'Enter the amount as a number, e.g. 50 or 12.50.'],
    ['1e3', 'Enter the amount as a number, e.g. 50 or 12.50.'],
    ['0x10', 'Enter the amount as a number, e.g. 50 or 12.50.'],
    ['١٠', 'Enter the amount as a number, e.g. 50 or 12.50.'],
    ['Infinity', 'Enter the amount as a number, e.g. 50 or 12.50.'],
    ['10000.01', 'The most you can give at once is GHS 10,000.00.'],
    [10000.01, 'The most you can give at once is GHS 10,000.00.'],
    ['99999999999999999999', 'The most you can give at once is GHS 10,000.00.'],
  ])('refuses the amount %j before any provider is asked', async (amount, message) => {
    const before = providers.paystack.requests.length;
    const res = await give({ paymentMethod: 'card', email: 'giver@example.com', amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.amount).toBe(message);
    expect(providers.paystack.requests.length).toBe(before);
  });

  it('takes the configured maximum itself, in pesewas, exactly', async () => {
    const res = await give({ paymentMethod: 'cash', type: 'tithe', amount: '10000.00' });
    expect(res.statusCode).toBe(201);
    const max = await give({ paymentMethod: 'cash', type: 'tithe', amount: 10000 });
    expect(max.statusCode).toBe(201);
  });
});

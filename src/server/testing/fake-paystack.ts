import { paystackSignature } from '../platform/payments/paystack.ts';
import { startJsonServer } from './fake-http.ts';

// Speaks Paystack's documented contract: Initialize and Verify Transaction with a Bearer
// secret key, plans and subscriptions (POST /plan, PUT /plan/:code, POST /subscription,
// /subscription/enable|disable, GET /subscription/:code and its manage link), and signed
// webhooks (HMAC-SHA512 of the raw body).

export const FAKE_PAYSTACK_SECRET = 'sk_test_fake_paystack_secret';

interface Tx {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  metadata: unknown;
  status: string;
}

export interface FakePlan {
  plan_code: string;
  name: string;
  interval: string;
  amount: number;
  currency: string;
}

export interface FakeSubscription {
  subscription_code: string;
  email_token: string;
  plan: string;
  customer: string;
  authorization: string;
  /** active | non-renewing | attention | completed | cancelled */
  status: string;
  next_payment_date: string;
}

export async function startFakePaystack() {
  const transactions = new Map<string, Tx>();
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  let mode: 'ok' | 'no-url' | 'error' | 'hang' = 'ok';
  let counter = 0;
  const nextCode = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}`;
  const ok = (data: unknown, message = 'ok') => ({
    status: 200,
    body: { status: true, message, data },
  });
  const notFound = (message: string) => ({ status: 404, body: { status: false, message } });

  const server = await startJsonServer((req) => {
    if (req.headers.authorization !== `Bearer ${FAKE_PAYSTACK_SECRET}`) {
      return { status: 401, body: { status: false, message: 'Invalid key' } };
    }
    if (mode === 'error' && !req.path.startsWith('/transaction/'))
      return { status: 500, body: { status: false, message: 'Server error' } };
    if (req.method === 'POST' && req.path === '/plan') {
      const body = req.body as Partial<FakePlan>;
      if (
        !body.name ||
        !['weekly', 'monthly'].includes(String(body.interval)) ||
        !Number.isInteger(body.amount)
      )
        return { status: 400, body: { status: false, message: 'Invalid plan' } };
      const plan = {
        plan_code: nextCode('PLN'),
        name: body.name,
        interval: body.interval!,
        amount: body.amount!,
        currency: body.currency ?? 'GHS',
      };
      plans.set(plan.plan_code, plan);
      return { status: 201, body: { status: true, message: 'Plan created', data: plan } };
    }
    const planPath = req.path.match(/^\/plan\/([^/]+)$/);
    if (req.method === 'PUT' && planPath) {
      const plan = plans.get(decodeURIComponent(planPath[1]!));
      if (!plan) return notFound('Plan not found');
      const body = req.body as { amount?: number };
      if (body.amount !== undefined) plan.amount = body.amount;
      return ok(undefined, 'Plan updated. 1 subscription(s) affected');
    }
    if (req.method === 'POST' && req.path === '/subscription') {
      const body = req.body as {
        customer: string;
        plan: string;
        authorization: string;
        start_date?: string;
      };
      if (!plans.has(body.plan)) return notFound('Plan not found');
      if (!body.customer || !body.authorization)
        return {
          status: 400,
          body: { status: false, message: 'Customer and authorization required' },
        };
      const subscription: FakeSubscription = {
        subscription_code: nextCode('SUB'),
        email_token: nextCode('tok'),
        plan: body.plan,
        customer: body.customer,
        authorization: body.authorization,
        status: 'active',
        next_payment_date: body.start_date ?? new Date().toISOString(),
      };
      subscriptions.set(subscription.subscription_code, subscription);
      return {
        status: 200,
        body: { status: true, message: 'Subscription successfully created', data: subscription },
      };
    }
    const toggle = req.path.match(/^\/subscription\/(enable|disable)$/);
    if (req.method === 'POST' && toggle) {
      const body = req.body as { code: string; token: string };
      const subscription = subscriptions.get(body.code);
      if (!subscription || subscription.email_token !== body.token)
        return notFound('Subscription not found');
      subscription.status = toggle[1] === 'enable' ? 'active' : 'cancelled';
      return ok(undefined, `Subscription ${toggle[1]}d successfully`);
    }
    const manage = req.path.match(/^\/subscription\/([^/]+)\/manage\/link$/);
    if (req.method === 'GET' && manage) {
      const subscription = subscriptions.get(decodeURIComponent(manage[1]!));
      if (!subscription) return notFound('Subscription not found');
      return ok({
        link: `https://paystack.com/manage/subscriptions/${subscription.subscription_code}?subscription_token=x`,
      });
    }
    const fetchSub = req.path.match(/^\/subscription\/([^/]+)$/);
    if (req.method === 'GET' && fetchSub) {
      const subscription = subscriptions.get(decodeURIComponent(fetchSub[1]!));
      if (!subscription) return notFound('Subscription not found');
      return ok({ ...subscription, plan: plans.get(subscription.plan) });
    }
    if (req.method === 'POST' && req.path === '/transaction/initialize') {
      if (mode === 'hang') return 'hang';
      if (mode === 'error')
        return { status: 500, body: { status: false, message: 'Server error' } };
      const body = req.body as {
        reference: string;
        amount: number;
        currency: string;
        email: string;
        metadata: unknown;
      };
      if (transactions.has(body.reference)) {
        return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      }
      if (!Number.isInteger(body.amount) || body.currency !== 'GHS') {
        return { status: 400, body: { status: false, message: 'Invalid amount or currency' } };
      }
      transactions.set(body.reference, { ...body, status: 'abandoned' });
      if (mode === 'no-url')
        return {
          status: 200,
          body: { status: true, message: 'ok', data: { reference: body.reference } },
        };
      return {
        status: 200,
        body: {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.test/${body.reference.toLowerCase()}`,
            access_code: 'acc_' + body.reference.slice(-6),
            reference: body.reference,
          },
        },
      };
    }
    const verify = req.path.match(/^\/transaction\/verify\/(.+)$/);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      if (!tx)
        return { status: 404, body: { status: false, message: 'Transaction reference not found' } };
      return {
        status: 200,
        body: { status: true, message: 'Verification successful', data: { ...tx } },
      };
    }
    return { status: 404, body: { status: false, message: 'Not found' } };
  });

  const signed = (body: unknown, secret = FAKE_PAYSTACK_SECRET) => {
    const rawBody = JSON.stringify(body);
    return { rawBody, signature: paystackSignature(secret, rawBody) };
  };

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    transactions,
    plans,
    subscriptions,
    setMode(next: typeof mode) {
      mode = next;
    },
    /** The customer paid (or not), as Verify will report it. */
    settle(reference: string, status: 'success' | 'failed', overrides: Partial<Tx> = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`unknown reference ${reference}`);
      Object.assign(tx, { status }, overrides);
    },
    /** A `charge.success` webhook as Paystack sends it, signed with the secret key. */
    webhook(
      reference: string,
      overrides: Record<string, unknown> = {},
      secret = FAKE_PAYSTACK_SECRET,
    ) {
      const tx = transactions.get(reference);
      return signed(
        {
          event: 'charge.success',
          data: {
            id: 1,
            reference,
            amount: tx?.amount,
            currency: 'GHS',
            status: 'success',
            customer: { customer_code: `CUS_${reference.slice(-8)}`, email: tx?.email },
            authorization: { authorization_code: `AUTH_${reference.slice(-8)}`, reusable: true },
            ...overrides,
          },
        },
        secret,
      );
    },
    /**
     * A renewal as Paystack charges it: a transaction of its own reference on the
     * subscription's plan, then its `charge.success` (with the plan) to send.
     */
    renew(subscriptionCode: string, status: 'success' | 'failed' = 'success') {
      const subscription = subscriptions.get(subscriptionCode);
      if (!subscription) throw new Error(`unknown subscription ${subscriptionCode}`);
      const plan = plans.get(subscription.plan)!;
      const reference = `T${(++counter).toString().padStart(9, '0')}`;
      transactions.set(reference, {
        reference,
        amount: plan.amount,
        currency: 'GHS',
        email: subscription.customer,
        metadata: null,
        status,
      });
      const data = {
        id: counter,
        reference,
        amount: plan.amount,
        currency: 'GHS',
        status,
        plan: { plan_code: plan.plan_code, interval: plan.interval, amount: plan.amount },
        customer: { customer_code: subscription.customer },
        authorization: { authorization_code: subscription.authorization, reusable: true },
      };
      return {
        reference,
        charge: signed({ event: 'charge.success', data }),
        failed: signed({
          event: 'invoice.payment_failed',
          data: {
            invoice_code: `INV_${reference}`,
            amount: plan.amount,
            status: 'failed',
            paid: false,
            subscription: { subscription_code: subscriptionCode, status: subscription.status },
            transaction: { reference, status: 'failed' },
          },
        }),
      };
    },
    /** A subscription event (`subscription.create`, `.disable`, `.not_renew`, `invoice.create`, `invoice.update`) as sent. */
    subscriptionEvent(
      event: string,
      subscriptionCode: string,
      extra: Record<string, unknown> = {},
    ) {
      const subscription = subscriptions.get(subscriptionCode);
      const data = event.startsWith('invoice.')
        ? { subscription: { ...subscription }, ...extra }
        : { ...subscription, plan: subscription ? plans.get(subscription.plan) : null, ...extra };
      return signed({ event, data });
    },
  };
}

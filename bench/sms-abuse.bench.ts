// SMS pumping (issue 47, item 4; decision 051): how many SMS one client address, and a
// thousand of them, can make Flock send in an hour. Before: 480 code SMS in 17 s from one
// address, to any country (+44 909 premium rate, +881 Iridium), with no cap for the app.
//
//   npm run bench -- sms-abuse
//   SMS_ABUSE_REQUESTS=500 ./node_modules/.bin/node bench/sms-abuse.bench.ts   (smaller)
//
// The real server (production settings, TRUST_PROXY=true so X-Forwarded-For names the
// address) on a fresh database, SMS through a fake gateway (Arkesel's contract on 127.0.0.1)
// that counts what it is asked to deliver. Each client sends every request that can make
// Flock text a number nobody proved: phone sign-ups to fresh numbers (Ghana's networks, UK
// premium rate, Iridium), 'send a new code' for its sign-ups, password resets, codes for a
// number to add (signed out), and sign-ins of waiting sign-ups. The hourly windows do not
// turn during the run, so what gets through is what an hour allows. Goals: one address within
// its cap (CODE_REQUESTS_PER_ADDRESS_PER_HOUR) and the app's budget; a thousand within the
// app's hourly budget (SMS_CODE_BUDGET_HOUR, 100 as shipped); 0 outside SMS_ALLOWED_COUNTRIES.
import { CODE_REQUESTS_PER_ADDRESS_PER_HOUR } from '../src/server/platform/sms/sms-budget.ts';
import { FAKE_SMS, startFakeSmsGateways } from '../src/server/testing/fake-sms.ts';
import { runIfMain, type BenchRow } from './report.ts';
import { freshDatabase, postgresReachable, round, startFlock } from './server-harness.ts';

/** Requests from the single address (its limits refuse most: they are counted anyway). */
const REQUESTS = Number(process.env.SMS_ABUSE_REQUESTS ?? 1_500);
const ADDRESSES = 1_000;
const PER_ADDRESS = 3;
const HOURLY_BUDGET = 100; // SMS_CODE_BUDGET_HOUR as shipped
const GHANA_PREFIXES = ['24', '54', '55', '59', '20', '50', '26', '27', '56', '57'];

let serial = 0;
const digits = (n: number) => String(1_000_000 + (serial++ % 1_000_000)).slice(-n);
/** The numbers a pumper aims at: mostly Ghana's ranges, and premium and satellite ones. */
function target(i: number): string {
  if (i % 10 === 7) return `+44909${digits(7)}`; // UK premium rate
  if (i % 10 === 8) return `+8816${digits(8)}`; // Iridium
  return `+233${GHANA_PREFIXES[i % GHANA_PREFIXES.length]}${digits(7)}`;
}

interface Client {
  address: string;
  /** Sign-ups this client made: 'send a new code' asks for them again. */
  signUps: { phone: string; signUp: string }[];
}

async function attack(url: string, client: Client, i: number): Promise<number> {
  const post = async (path: string, body: object) => {
    try {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: url,
          'x-forwarded-for': client.address,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const json = (await res.json().catch(() => null)) as { signUp?: string } | null;
      if (res.status === 201 && json?.signUp && 'phone' in body) {
        client.signUps.push({ phone: String(body.phone), signUp: json.signUp });
      }
      return res.status;
    } catch {
      return 0;
    }
  };
  // Five kinds of request in turn, each round of five aimed at one kind of number.
  const phone = target(Math.floor(i / 5));
  switch (i % 5) {
    case 0:
    case 1:
      return post('/api/accounts/sign-up/phone', {
        firstName: 'Pump',
        lastName: 'Bench',
        phone,
        assembly: 'grace',
        password: 'pumping pass 1',
      });
    case 2: {
      const made = client.signUps.at(-1);
      return made
        ? post('/api/accounts/sign-up/phone/code', { phoneNumber: made.phone, signUp: made.signUp })
        : post('/api/auth/phone-number/request-password-reset', { phoneNumber: phone });
    }
    case 3:
      return post('/api/auth/phone-number/request-password-reset', { phoneNumber: phone });
    default:
      return client.signUps.length > 0 && i % 2 === 0
        ? post('/api/auth/sign-in/phone-number', {
            phoneNumber: client.signUps[0]!.phone,
            password: 'pumping pass 1',
          })
        : post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
  }
}

/** Runs `jobs` with at most `width` at once. */
async function pool(jobs: (() => Promise<unknown>)[], width: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

async function scenario(kind: 'pglite' | 'postgres', addresses: number, perAddress: number) {
  const gateway = await startFakeSmsGateways();
  const database = await freshDatabase(kind, async () => {});
  const server = await startFlock({
    dataDir: database.dataDir,
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    env: {
      TRUST_PROXY: 'true',
      SMS_PROVIDER: 'arkesel',
      SMS_API_KEY: FAKE_SMS.apiKey,
      SMS_BASE_URL: gateway.url,
      USSD_SECRET: 'bench-ussd-secret-0123456789',
    },
  });
  try {
    const clients: Client[] = Array.from({ length: addresses }, (_, a) => ({
      address: `10.${60 + Math.floor(a / 62_500)}.${Math.floor(a / 250) % 250}.${(a % 250) + 1}`,
      signUps: [],
    }));
    const statuses = new Map<number, number>();
    const jobs = clients.flatMap((client, a) =>
      Array.from({ length: perAddress }, (_, i) => async () => {
        const status = await attack(server.url, client, a * perAddress + i);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
    const started = performance.now();
    await pool(jobs, addresses === 1 ? 8 : 24);
    const seconds = (performance.now() - started) / 1000;
    // Sends may finish after their answers: give the gateway a moment.
    await new Promise((r) => setTimeout(r, 500));
    const sent = gateway.delivered;
    const abroad = sent.filter((sms) => !/^\+?233/.test(sms.to)).length;
    console.log(
      `  ${kind}, ${addresses} address(es) × ${perAddress}: ${sent.length} SMS in ${round(seconds, 1)} s;`,
      `answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    return { sent: sent.length, abroad, requests: jobs.length, seconds };
  } finally {
    await server.stop();
    await database.drop();
    await gateway.close();
  }
}

async function measure(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const one = await scenario(kind, 1, REQUESTS);
  const many = await scenario(kind, ADDRESSES, PER_ADDRESS);
  const cap = Math.min(CODE_REQUESTS_PER_ADDRESS_PER_HOUR, HOURLY_BUDGET);
  return [
    {
      measure: `${kind}: SMS one address causes in an hour (${one.requests} requests)`,
      value: one.sent,
      unit: 'SMS',
      goal: `≤ ${cap}`,
      ok: one.sent <= cap,
    },
    {
      measure: `${kind}: SMS ${ADDRESSES} addresses cause in an hour (${many.requests} requests)`,
      value: many.sent,
      unit: 'SMS',
      goal: `≤ ${HOURLY_BUDGET}`,
      ok: many.sent <= HOURLY_BUDGET,
    },
    {
      measure: `${kind}: SMS outside SMS_ALLOWED_COUNTRIES (GH)`,
      value: one.abroad + many.abroad,
      unit: 'SMS',
      goal: '0',
      ok: one.abroad + many.abroad === 0,
    },
  ];
}

export default async function smsAbuseBench(): Promise<BenchRow[]> {
  const rows = await measure('pglite');
  if (await postgresReachable()) rows.push(...(await measure('postgres')));
  else console.log('PostgreSQL not reachable: the PostgreSQL figures are left out.');
  return rows;
}

await runIfMain(import.meta.url, smsAbuseBench);

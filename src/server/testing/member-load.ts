import http from 'node:http';
import { validAnswers } from './application-answers.ts';
import type { Member } from './seed-members.ts';

// A realistic mix of members and pastors over HTTP, for the cluster's kill-under-load test and
// the cluster bench (decision 048). Each member has a phone of their own (an X-Forwarded-For
// address, read behind the proxy as the member's) and goes round the screens one request after
// another; once in a run each member gives (a cash gift) and replies to an event, and some
// apply for a worker role (a photo, a drawn signature, the form). Pastors chat in pairs over
// their sockets, and reconnect and catch up as the web client does when an instance goes away.
// What the server acknowledged (2xx) is recorded, to be looked for afterwards.

const TIMEOUT_MS = 10_000;

export interface LoadMember extends Member {
  /** The member's own client address, sent as X-Forwarded-For. */
  address: string;
}

export const withAddresses = (members: Member[], network: number): LoadMember[] =>
  members.map((member, i) => ({
    ...member,
    address: `10.${network}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }));

export interface Sample {
  /** When the request started, ms since the run began. */
  at: number;
  ms: number;
  /** HTTP status; 0 for a broken answer, -1 for no answer (refused, reset, timed out). */
  status: number;
  path: string;
}

export interface Acknowledged {
  /** Cash gifts' codes. */
  gifts: string[];
  rsvps: { memberId: string; eventId: string }[];
  applications: string[];
  /**
   * Members whose reply got no 2xx: it may still be written (an instance killed after the
   * commit and before the answer), or not.
   */
  unansweredRsvps: string[];
}

interface Answer {
  status: number;
  body: string;
}

export function send(
  agent: http.Agent,
  base: URL,
  who: { cookie: string; address: string },
  method: string,
  path: string,
  body?: { type: string; bytes: Buffer | string },
  /** The site's address (PUBLIC_URL) when `base` is an instance behind it. */
  origin = base.origin,
  /** More request headers (e.g. accept-encoding: the body is then left compressed). */
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        timeout: TIMEOUT_MS,
        headers: {
          ...headers,
          cookie: who.cookie,
          'x-forwarded-for': who.address,
          ...(body
            ? {
                origin,
                'content-type': body.type,
                'content-length': Buffer.byteLength(body.bytes),
              }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: -1, body: '' }));
    req.end(body?.bytes);
  });
}

export const json = (value: unknown) => ({
  type: 'application/json',
  bytes: JSON.stringify(value),
});

async function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    type: request.headers.get('content-type')!,
    bytes: Buffer.from(await request.arrayBuffer()),
  };
}

/** The screens a member goes round, one request after another. */
const READS = [
  '/api/me',
  '/api/church',
  '/api/profile',
  '/api/history',
  '/api/sermons',
  '/api/devotional/weeks/15/days/2',
  '/api/events',
];

/** The cash gift a load member gives (the benches give it too). */
export const LOAD_GIFT = {
  type: 'tithe',
  firstName: 'Load',
  lastName: 'Member',
  assembly: 'grace',
  amount: '5',
  paymentMethod: 'cash',
};
const gift = json(LOAD_GIFT);

export interface MemberLoadOptions {
  seconds: number;
  /** The site's address (PUBLIC_URL), when the load goes to one instance behind it. */
  origin?: string;
  /** The event members reply to (going): each reply schedules a reminder job. */
  eventId: string;
  /** Members who also apply for a worker role, with the files it needs. */
  applicants?: { member: LoadMember; photo: Buffer; signature: Buffer }[];
}

/**
 * Every member round the screens for `seconds`; each gives once and replies once, at a time
 * of their own spread over the run (so some writes meet an instance going away).
 */
export async function runMemberLoad(
  url: string,
  members: LoadMember[],
  options: MemberLoadOptions,
) {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: members.length + 50 });
  const samples: Sample[] = [];
  const acknowledged: Acknowledged = {
    gifts: [],
    rsvps: [],
    applications: [],
    unansweredRsvps: [],
  };
  const started = performance.now();
  const spanMs = options.seconds * 1000;
  const elapsed = () => performance.now() - started;

  const timed = async (
    who: LoadMember,
    method: string,
    path: string,
    body?: Parameters<typeof send>[5],
  ) => {
    const at = elapsed();
    const answer = await send(agent, base, who, method, path, body, options.origin);
    samples.push({
      at,
      ms: elapsed() - at,
      status: answer.status,
      path: method === 'GET' ? path : `${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}`,
    });
    return answer;
  };
  const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

  const apply = async ({
    member,
    photo,
    signature,
  }: NonNullable<MemberLoadOptions['applicants']>[number]) => {
    const upload = async (kind: string, file: { name: string; type: string; bytes: Buffer }) => {
      const answer = await timed(
        member,
        'POST',
        '/api/workers/files',
        await multipart({ kind }, file),
      );
      return ok(answer) ? (JSON.parse(answer.body) as { id: string }).id : null;
    };
    const photoId = await upload('passport_photo', {
      name: 'me.jpg',
      type: 'image/jpeg',
      bytes: photo,
    });
    const signatureId = await upload('signature', {
      name: 'signature.png',
      type: 'image/png',
      bytes: signature,
    });
    if (!photoId || !signatureId) return;
    const answer = await timed(
      member,
      'POST',
      '/api/workers/applications',
      json({
        role: 'elder',
        answers: validAnswers('elder', { passport_photo: photoId, email: member.email }),
        agree_terms: true,
        signature: signatureId,
      }),
    );
    if (ok(answer)) acknowledged.applications.push((JSON.parse(answer.body) as { id: string }).id);
  };

  const applying = new Map((options.applicants ?? []).map((a) => [a.member.id, a]));
  await Promise.all(
    members.map(async (member, i) => {
      // Spread over the run: member i gives at i/n of it, replies and applies at other points.
      const giveAt = (i / members.length) * spanMs * 0.95;
      const replyAt = (((i * 7919) % members.length) / members.length) * spanMs * 0.95;
      const applyAt = (((i * 104729) % members.length) / members.length) * spanMs * 0.95;
      let gave = false;
      let replied = false;
      let applied = !applying.has(member.id);
      for (let n = i; elapsed() < spanMs; n++) {
        if (!gave && elapsed() >= giveAt) {
          gave = true;
          const answer = await timed(member, 'POST', '/api/giving/gifts', gift);
          if (ok(answer))
            acknowledged.gifts.push((JSON.parse(answer.body) as { code: string }).code);
        } else if (!replied && elapsed() >= replyAt) {
          replied = true;
          const answer = await timed(
            member,
            'PUT',
            `/api/events/${options.eventId}/rsvp`,
            json({ going: true, guests: 0 }),
          );
          if (ok(answer))
            acknowledged.rsvps.push({ memberId: member.id, eventId: options.eventId });
          else acknowledged.unansweredRsvps.push(member.id);
        } else if (!applied && elapsed() >= applyAt) {
          applied = true;
          await apply(applying.get(member.id)!);
        } else {
          await timed(member, 'GET', READS[n % READS.length]!);
        }
      }
    }),
  );
  agent.destroy();
  return { samples, acknowledged };
}

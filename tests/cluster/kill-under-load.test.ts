import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/server/db/client.ts';
import { JOB_LEASE_MS } from '../../src/server/platform/jobs.ts';
import { startCluster, type Cluster, type Instance } from '../../src/server/testing/cluster.ts';
import {
  findHaproxy,
  HAPROXY_CONFIG,
  HAPROXY_MISSING,
  loopbackConfig,
} from '../../src/server/testing/haproxy.ts';
import {
  runMemberLoad,
  send,
  withAddresses,
  type LoadMember,
  type Sample,
} from '../../src/server/testing/member-load.ts';
import { runPastorChat } from '../../src/server/testing/pastor-chat-load.ts';
import { findPgBouncer, PGBOUNCER_MISSING } from '../../src/server/testing/pgbouncer.ts';
import { seedMembers } from '../../src/server/testing/seed-members.ts';
import { validAnswers } from '../../src/server/testing/application-answers.ts';
import { jpegPhoto, pngSignature } from '../../src/server/testing/workers.ts';

// Issue 36, decision 048: three instances behind HAProxy and PgBouncer on one PostgreSQL
// server; 200 members going round the app and three pairs of pastors chatting for 60 s; one
// instance killed (SIGKILL) at 20 s and restarted as a supervisor would, another restarted
// with SIGTERM at 40 s (a rolling restart). Nothing acknowledged may be lost, nobody signed
// out, every chat message delivered once, every scheduled reminder sent once. The figures of
// each phase are printed beside one instance's under the same mix, measured first.

const SECONDS = 60;
const SINGLE_SECONDS = 20;
const MEMBERS = 200;
/** A message every 2.5 s per pastor: inside the pastors' limit of 30 a minute (decision 032). */
const CHAT_EVERY_MS = 2500;

interface Phase {
  name: string;
  from: number;
  to: number;
}

function figures(samples: Sample[], seconds: number) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const p99 = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
  const errors = samples.filter((s) => s.status < 200 || s.status >= 300);
  return {
    requests: samples.length,
    'req/s': Math.round(samples.length / seconds),
    errors: errors.length,
    'p99 ms': Math.round(p99),
    statuses: [...new Set(errors.map((s) => s.status))].join(' '),
  };
}

/** A request belongs to the phase it ended in (a request cut by a kill fails at the kill). */
const ended = (s: Sample, from: number, to: number) =>
  s.at + s.ms >= from * 1000 && (to >= SECONDS || s.at + s.ms < to * 1000);

async function waitFor<T>(what: string, check: () => Promise<T | null>, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = await check();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const tools = [findHaproxy() ? null : HAPROXY_MISSING, findPgBouncer() ? null : PGBOUNCER_MISSING];
const missing = tools.filter(Boolean).join('\n');

describe('deploy/haproxy.cfg', () => {
  it('is valid for HAProxy as production has it and as rendered for loopback (haproxy -c)', () => {
    const haproxy = findHaproxy();
    if (!haproxy) throw new Error(HAPROXY_MISSING);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-haproxy-check-'));
    try {
      const rendered = path.join(dir, 'loopback.cfg');
      const production = fs.readFileSync(HAPROXY_CONFIG, 'utf8');
      fs.writeFileSync(rendered, loopbackConfig(production, 8080, [4001, 4002, 4003]));
      for (const file of [HAPROXY_CONFIG, rendered]) {
        // Exit 0 (valid) or execFileSync throws; 'app' resolves only under Docker (a warning).
        const out = execFileSync(haproxy, ['-c', '-f', file], { encoding: 'utf8' });
        expect(out).toMatch(/Configuration file is valid/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('three instances behind HAProxy and PgBouncer, one killed and one restarted under load', () => {
  let cluster: Cluster;
  let database: Database;
  let members: LoadMember[];
  let single: LoadMember[];
  let admin: LoadMember;
  let pastors: LoadMember[];
  let eventId: string;
  const agent = new http.Agent({ keepAlive: true });

  const call = (who: LoadMember, method: string, path: string, body?: unknown) =>
    send(
      agent,
      new URL(cluster.url),
      who,
      method,
      path,
      body === undefined ? undefined : { type: 'application/json', bytes: JSON.stringify(body) },
    );

  beforeAll(async () => {
    // A missing tool fails here (CI installs both in .ci/run); it never passes by skipping.
    if (missing) throw new Error(missing);
    cluster = await startCluster({
      instances: 3,
      pgbouncer: true,
      env: { JOBS_INTERVAL_SECONDS: '1' },
    });
    database = await openPostgres(cluster.databaseUrl);
    const secret = cluster.authSecret;
    members = withAddresses(await seedMembers(database, MEMBERS, 'load', secret), 1);
    single = withAddresses(await seedMembers(database, MEMBERS, 'single', secret), 2);
    admin = withAddresses(await seedMembers(database, 1, 'admin', secret), 3)[0]!;
    await database.query('insert into admins (user_id) values ($1)', [admin.id]);
    pastors = withAddresses(await seedMembers(database, 6, 'pastor', secret), 4);

    // Pastors as /workers makes them: an application with its files (in S3), approved.
    const photo = await jpegPhoto();
    const signature = await pngSignature();
    for (const pastor of pastors) {
      const upload = async (kind: string, name: string, type: string, bytes: Buffer) => {
        const form = new FormData();
        form.append('kind', kind);
        form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        const answer = await send(
          agent,
          new URL(cluster.url),
          pastor,
          'POST',
          '/api/workers/files',
          {
            type: request.headers.get('content-type')!,
            bytes: Buffer.from(await request.arrayBuffer()),
          },
        );
        expect(answer.status, answer.body).toBe(201);
        return (JSON.parse(answer.body) as { id: string }).id;
      };
      const photoId = await upload('passport_photo', 'me.jpg', 'image/jpeg', photo);
      const signatureId = await upload('signature', 'signature.png', 'image/png', signature);
      const applied = await call(pastor, 'POST', '/api/workers/applications', {
        role: 'pastor',
        answers: validAnswers('pastor', { passport_photo: photoId, email: pastor.email }),
        agree_terms: true,
        signature: signatureId,
      });
      expect(applied.status, applied.body).toBe(201);
      const decided = await call(
        admin!,
        'POST',
        `/api/admin/applications/${(JSON.parse(applied.body) as { id: string }).id}/decision`,
        { status: 'approved' },
      );
      expect(decided.status, decided.body).toBe(200);
    }

    // An event in two hours: a reply's reminder (a day before) is due at once, a job each.
    const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
    const made = await call(admin, 'POST', '/api/admin/events', {
      title: 'Cluster night of prayer',
      startsAt: at(2 * 3600_000),
      endsAt: at(3 * 3600_000),
      place: 'Grace Assembly',
    });
    expect(made.status, made.body).toBe(201);
    eventId = (JSON.parse(made.body) as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await database?.close();
    await cluster?.stop();
  }, 60_000);

  it('loses no acknowledged write, keeps every session, delivers each message once and runs each job once', async () => {
    // One instance alone under the same mix (other members: each gives and replies once).
    const alone = await runMemberLoad(cluster.instances[2]!.url, single, {
      seconds: SINGLE_SECONDS,
      eventId,
      origin: cluster.url,
    });

    // The run: members, pastors, and the supervisor's kill and rolling restart.
    const photo = await jpegPhoto();
    const signature = await pngSignature();
    const applicants = members.slice(0, 10).map((member) => ({ member, photo, signature }));
    const events: string[] = [];
    const started = performance.now();
    const at = (seconds: number) =>
      new Promise((resolve) => setTimeout(resolve, seconds * 1000 - (performance.now() - started)));
    const restart = async (instance: Instance, signal: NodeJS.Signals) => {
      const before = performance.now();
      const code = await instance.signal(signal);
      events.push(
        `${instance.name} ${signal} at ${Math.round((before - started) / 100) / 10} s, exit ${code ?? signal}, after ${Math.round(performance.now() - before)} ms`,
      );
      await instance.start();
      events.push(
        `${instance.name} ready again at ${Math.round((performance.now() - started) / 100) / 10} s`,
      );
      return code;
    };
    const supervisor = (async () => {
      await at(20);
      const killed = await restart(cluster.instances[0]!, 'SIGKILL');
      await at(40);
      const drained = await restart(cluster.instances[1]!, 'SIGTERM');
      return { killed, drained };
    })();
    const [load, chat, codes] = await Promise.all([
      runMemberLoad(cluster.url, members, { seconds: SECONDS, eventId, applicants }),
      runPastorChat(cluster.url, pastors, { seconds: SECONDS, everyMs: CHAT_EVERY_MS }),
      supervisor,
    ]);

    // The figures, printed whatever follows.
    const phases: Phase[] = [
      { name: '0–20 s: 3 instances', from: 0, to: 20 },
      { name: '20–40 s: SIGKILL app1 at 20 s, restarted', from: 20, to: 40 },
      { name: '40–60 s: SIGTERM app2 at 40 s, restarted', from: 40, to: 60 },
    ];
    const table: Record<string, ReturnType<typeof figures>> = {
      [`1 instance alone (${SINGLE_SECONDS} s, other members)`]: figures(
        alone.samples,
        SINGLE_SECONDS,
      ),
    };
    for (const phase of phases) {
      const inPhase = load.samples.filter((s) => ended(s, phase.from, phase.to));
      table[phase.name] = figures(inPhase, phase.to - phase.from);
    }
    table['whole run, 3 instances'] = figures(load.samples, SECONDS);
    console.log(events.join('\n'));
    console.table(table);
    console.table(
      chat.map(({ sent: _sent, missing, twiceOnSocket, ...side }) => ({
        ...side,
        missing: missing.length,
        twiceOnSocket: twiceOnSocket.length,
      })),
    );

    expect(codes.killed).toBeNull(); // killed by the signal, no exit code
    expect(codes.drained).toBe(0); // drained and exited cleanly

    // Nothing acknowledged is lost: every 2xx gift, reply, application and message is there.
    const acked = load.acknowledged;
    expect(acked.gifts.length).toBeGreaterThan(MEMBERS * 0.9);
    const gifts = await database.query<{ n: number }>(
      'select count(*)::int as n from cash_offerings where code = any($1::text[])',
      [acked.gifts],
    );
    expect(gifts[0]!.n).toBe(acked.gifts.length);
    const replies = await database.query<{ user_id: string }>(
      'select user_id from event_rsvps where event_id = $1 and going and user_id::text = any($2::text[])',
      [eventId, members.map((m) => m.id)],
    );
    const replied = new Set(replies.map((r) => r.user_id));
    // Every acknowledged reply is there; a reply that is there but was not acknowledged is one
    // whose answer was lost (its instance killed after the commit), never one not sent.
    expect(acked.rsvps.filter((r) => !replied.has(r.memberId))).toEqual([]);
    const unsure = new Set(acked.unansweredRsvps);
    expect(
      [...replied].filter((id) => !acked.rsvps.some((r) => r.memberId === id) && !unsure.has(id)),
    ).toEqual([]);
    expect(acked.applications.length).toBeGreaterThan(0);
    const applications = await database.query<{ n: number }>(
      'select count(*)::int as n from worker_applications where id::text = any($1::text[])',
      [acked.applications],
    );
    expect(applications[0]!.n).toBe(acked.applications.length);
    const sent = chat.flatMap((side) => side.sent);
    // Each pastor writes about every CHAT_EVERY_MS (plus the answer's time).
    expect(sent.length).toBeGreaterThan(((pastors.length * SECONDS * 1000) / CHAT_EVERY_MS) * 0.6);
    const messages = await database.query<{ n: number }>(
      'select count(*)::int as n from pastor_messages where id::text = any($1::text[])',
      [sent],
    );
    expect(messages[0]!.n).toBe(sent.length);

    // Every message reached its pastor (on the socket, or read on reconnecting), none twice.
    for (const side of chat) {
      expect(side.missing, `${side.pastorId} did not get`).toEqual([]);
      expect(side.twiceOnSocket, `${side.pastorId} got twice`).toEqual([]);
    }
    // The killed instance's and the drained instance's sockets came back elsewhere.
    expect(chat.reduce((n, side) => n + side.reconnects, 0)).toBeGreaterThan(0);

    // Nobody was signed out: no 401 in the run, and every member is still signed in.
    expect(load.samples.filter((s) => s.status === 401)).toEqual([]);
    for (const member of members) {
      const me = await call(member, 'GET', '/api/me');
      expect(me.status).toBe(200);
      expect((JSON.parse(me.body) as { user: { id: string } | null }).user?.id).toBe(member.id);
    }

    // The steady phase and the rolling restart (drained) lose nothing; only requests in flight
    // on the killed instance may fail, and the proxy sends the rest elsewhere.
    const errorsIn = (from: number, to: number) =>
      load.samples.filter((s) => ended(s, from, to) && (s.status < 200 || s.status >= 300)).length;
    expect(errorsIn(0, 20)).toBe(0);
    expect(errorsIn(40, 60)).toBe(0);
    expect(errorsIn(20, 40)).toBeLessThan(MEMBERS);

    // Each reply's reminder is mailed once. What the killed instance held stays its own for a
    // while: a job's lease (5 min, decision 034) and a notice's send claim (decision 041); a
    // job that found a notice claimed waits a minute to try again. Let that time pass as it
    // would, for what the killed instance took only (at 20 s, well over 20 s ago: a live
    // instance's lease or claim is seconds old, and ending it would have another instance send
    // what it is sending). Claims first, then leases: a job a live instance takes in between
    // finds its notice free. Then each round makes a waiting job due, until all are done.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await database.query(
      `update notifications set email_claimed_at = now() - interval '1 hour'
       where email_at is null and email_claimed_at < now() - interval '20 seconds'`,
      [],
    );
    await database.query(
      `update scheduled_jobs set locked_until = now() - interval '1 second'
       where done_at is null and locked_until > now()
         and locked_until < now() + make_interval(secs => $1)`,
      [JOB_LEASE_MS / 1000 - 20],
    );
    await waitFor(
      'every reminder job done',
      async () => {
        await database.query(
          `update scheduled_jobs set run_at = now()
           where kind = 'events.reminder' and done_at is null and last_error is not null and run_at > now()`,
          [],
        );
        const [left] = await database.query<{ n: number }>(
          `select count(*)::int as n from scheduled_jobs where kind = 'events.reminder' and done_at is null`,
          [],
        );
        return left!.n === 0 ? true : null;
      },
      30_000,
    );
    // A mail is one message by its Message-ID (what a mailbox shows once): a kill between the
    // SMTP server taking a mail and the notice marked mailed sends it again, with the same one.
    const reminders = new Map<string, Set<string>>();
    let copies = 0;
    for (const mail of cluster.smtp.mails) {
      if (!mail.subject.startsWith('Reminder: Cluster night of prayer')) continue;
      const messageId = /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? mail.raw;
      for (const to of mail.to) reminders.set(to, (reminders.get(to) ?? new Set()).add(messageId));
      copies++;
    }
    const goingReplies = await database.query<{
      email: string;
      reminded_at: string | null;
      email_at: string | null;
    }>(
      `select u.email, r.reminded_at, n.email_at from event_rsvps r join users u on u.id = r.user_id
       left join notifications n on n.user_id = r.user_id and n.kind = 'event.reminder'
       where r.event_id = $1 and r.going`,
      [eventId],
    );
    // Every reply written (the run's and the lone instance's) has its one reminder.
    expect(goingReplies.length).toBe(replied.size + alone.acknowledged.rsvps.length);
    const notOnce = goingReplies.filter((r) => reminders.get(r.email)?.size !== 1);
    expect(notOnce.map((r) => ({ ...r, messages: reminders.get(r.email)?.size ?? 0 }))).toEqual([]);
    console.log(`reminders: ${goingReplies.length} replies, ${copies} mails received`);
    const runs = await database.query<{ attempts: number; n: number }>(
      `select attempts, count(*)::int as n from scheduled_jobs where kind = 'events.reminder' group by attempts order by attempts`,
      [],
    );
    console.log(
      'reminder jobs by attempts (a second attempt: claimed by the killed instance):',
      runs,
    );
  }, 240_000);
});

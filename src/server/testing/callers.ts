import type { RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicationFiles, prayerRequests, users } from '../db/schema.ts';
import {
  CALLERS,
  matrixEvent,
  type Caller,
  type Fixtures,
  type MatrixRequest,
  MATRIX_USSD_SECRET,
} from './authorization-matrix.ts';
import { confirmEmail, memberSession, ORIGIN, provePhone, signUp } from './accounts.ts';
import { call, give, multipartFile, sundayReminders } from './finance.ts';
import type { TestApp } from './test-app.ts';
import { approvedPastor, jpegPhoto, multipart, pendingApplicant } from './workers.ts';

// Every kind of caller of the authorisation matrix, signed in, with the member's records
// (gifts, a receipt, a mobile money gift) and the matrix's fixtures. The app must be built
// with ADMIN_EMAILS: callerEmails.admin (see callersEnv).

export const callerEmails: Record<Exclude<Caller, 'anonymous' | 'guest'>, string> = {
  member: 'ama.owner@example.com',
  other: 'kwame.other@example.com',
  admin: 'admin@example.com',
  officer: 'grace.officer@example.com',
  pastor: 'pastor@example.com',
  applicant: 'applicant@example.com',
};

export const callersEnv = {
  ADMIN_EMAILS: callerEmails.admin,
  SANDBOX_MOMO_DELAY_MS: '600000',
  USSD_SECRET: MATRIX_USSD_SECRET,
};

/** A made-up address per caller, so one caller's limits are not another's. */
export const callerAddresses = Object.fromEntries(
  CALLERS.map((c, i) => [c, `10.77.0.${i + 1}`]),
) as Record<Caller, string>;

export async function seedCallers(t: TestApp) {
  const EMAILS = callerEmails;
  const cookies = {} as Record<Caller, string | undefined>;
  cookies.admin = await memberSession(t, EMAILS.admin);
  for (const caller of ['member', 'other', 'officer'] as const) {
    cookies[caller] = await memberSession(t, EMAILS[caller]);
  }
  const grant = await call(t, 'PUT', '/api/admin/finance/officers', cookies.admin, {
    email: EMAILS.officer,
    allAssemblies: false,
    assemblies: ['grace'],
  });
  expect(grant.statusCode, grant.body).toBe(200);
  cookies.pastor = (await approvedPastor(t, EMAILS.pastor, cookies.admin)).cookie;
  // The pastor's correspondent, and a message from them.
  const peer = await approvedPastor(t, 'peer.pastor@example.com', cookies.admin);
  const [peerUser] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'peer.pastor@example.com'));
  const [pastorUser] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, EMAILS.pastor));
  const sendText = async (cookie: string, to: string) => {
    const res = await call(t, 'POST', `/api/pastor/conversations/${to}/messages`, cookie, {
      text: 'Grace and peace',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().message.id as string;
  };
  const peerMessageId = await sendText(peer.cookie, pastorUser!.id);
  const applicant = await pendingApplicant(t, EMAILS.applicant);
  cookies.applicant = applicant.cookie;
  // Each caller proved a phone of their own: SMS and lookups by phone use proved ones (issue 47).
  for (const [i, caller] of (Object.keys(EMAILS) as (keyof typeof EMAILS)[]).entries()) {
    await provePhone(t, EMAILS[caller], `+23320777000${i}`);
  }
  // The guest has given without an account, as guests do.
  await give(t, '', { paymentMethod: 'cash', firstName: 'Guest' });

  const member = cookies.member!;
  const cash = await give(t, member, { paymentMethod: 'cash', assembly: 'grace' });
  const bethelCash = await give(t, member, { paymentMethod: 'cash', assembly: 'bethel' });
  const receipted = await give(t, member, { paymentMethod: 'cash', assembly: 'grace' });
  const momo = await t.app.inject({
    method: 'POST',
    url: '/api/giving/gifts',
    payload: {
      type: 'offering',
      firstName: 'Ama',
      lastName: 'Mensah',
      assembly: 'grace',
      amount: '10',
      paymentMethod: 'momo',
      phone: '024 123 4567',
      provider: 'MTN',
    },
    headers: { origin: ORIGIN, cookie: member },
  });
  expect(momo.statusCode, momo.body).toBe(201);

  const cashId = async (code: string | null) =>
    (await call(t, 'GET', `/api/finance/cash?code=${code}`, cookies.admin)).json().id as string;
  const received = await call(
    t,
    'POST',
    `/api/finance/cash/${await cashId(receipted.code)}/receive`,
    cookies.admin,
    { amount: '40', receivedOn: new Date().toISOString().slice(0, 10), receivedBy: 'Usher' },
  );
  expect(received.statusCode, received.body).toBe(200);
  const history = (await call(t, 'GET', '/api/history', member)).json().entries as {
    receipt: { id: string } | null;
  }[];
  const receiptId = history.find((e) => e.receipt)?.receipt?.id;
  expect(receiptId).toBeDefined();

  // The member's recurring gift: mobile money, a reminder every Sunday (issue 33).
  const newSchedule = async () => {
    const res = await call(
      t,
      'POST',
      '/api/giving/schedules',
      member,
      sundayReminders({
        type: 'offering',
        firstName: 'Ama',
        lastName: 'Mensah',
        assembly: 'grace',
        amount: '10',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().schedule.id as string;
  };
  const scheduleId = await newSchedule();
  const newPledge = async () => {
    const res = await call(t, 'POST', '/api/pledges', member, {
      type: 'tithe',
      amount: '100',
      dueOn: '2099-12-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  const [memberUser] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, EMAILS.member));
  // A service open for check-in from an hour ago, for the whole church (issue 34).
  const checkin = await call(t, 'POST', '/api/admin/checkin/sessions', cookies.admin, {
    title: 'Matrix service',
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 22 * 3_600_000).toISOString(),
  });
  expect(checkin.statusCode, checkin.body).toBe(201);
  const checkinSession = checkin.json() as { id: string; code: string };
  // Prayer requests (decision 036): written straight to the table two days back, so the
  // matrix's own posts stay within a member's daily limit. A Grace member's too: the pastor
  // caller's approved application names Grace, every other caller's profile Bethel.
  const graceEmail = 'grace.member@example.com';
  expect((await signUp(t, graceEmail, { firstName: 'Yaw', assembly: 'grace' })).statusCode).toBe(
    201,
  );
  expect((await confirmEmail(t, graceEmail)).statusCode).toBe(302);
  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const authors = { member: await idOf(EMAILS.member), grace: await idOf(graceEmail) };
  const newPrayer: Fixtures['newPrayer'] = async ({
    author = 'member',
    visibility = 'church',
    status = 'approved',
  } = {}) => {
    const [row] = await t.db
      .insert(prayerRequests)
      .values({
        userId: authors[author],
        assembly: author === 'grace' ? 'grace' : 'bethel',
        text: 'Pray for the matrix',
        visibility,
        status,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      })
      .returning({ id: prayerRequests.id });
    return row!.id;
  };

  // Events (decision 037): published by the admin, one for Grace and one for Bethel.
  const newEvent = async (assembly: 'grace' | 'bethel') => {
    const res = await call(t, 'POST', '/api/admin/events', cookies.admin, matrixEvent(assembly));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  // The video library (decision 040): a playlist with one video, made by the admin.
  const newPlaylist = async () => {
    const res = await call(t, 'POST', '/api/admin/videos/playlists', cookies.admin, {
      title: 'Matrix playlist',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const playlistId = await newPlaylist();
  const newLibraryVideo = async () => {
    const res = await call(
      t,
      'POST',
      `/api/admin/videos/playlists/${playlistId}/videos`,
      cookies.admin,
      { title: 'Matrix video', video: 'dQw4w9WgXcQ' },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const libraryVideoId = await newLibraryVideo();
  const playlists = async () =>
    (await call(t, 'GET', '/api/videos')).json().playlists as {
      id: string;
      videos: { id: string }[];
    }[];

  const [file] = await t.db.select().from(applicationFiles).limit(1);
  const sermons = (await call(t, 'GET', '/api/sermons')).json().sermons as { id: string }[];
  const weeks = (await call(t, 'GET', '/api/devotional/weeks')).json().weeks as { id: number }[];
  const taken = new Set(weeks.map((w) => w.id));
  const freeWeeks = Array.from({ length: 53 }, (_, i) => 53 - i).filter((w) => !taken.has(w));
  let counter = 0;

  const f: Fixtures = {
    memberEmail: EMAILS.member,
    cashId: await cashId(cash.code),
    cashCode: cash.code!,
    bethelCashId: await cashId(bethelCash.code),
    bethelCashCode: bethelCash.code!,
    receiptId: receiptId!,
    statementYear: new Date().getFullYear(),
    momoReference: momo.json().reference,
    scheduleId,
    newSchedule,
    receivedCashId: await cashId(receipted.code),
    pledgeId: await newPledge(),
    newPledge,
    eventId: await newEvent('grace'),
    bethelEventId: await newEvent('bethel'),
    newEvent,
    prayerId: await newPrayer(),
    heldPrayerId: await newPrayer({ status: 'pending' }),
    gracePrayerId: await newPrayer({ author: 'grace', visibility: 'assembly' }),
    newPrayer,
    applicationId: applicant.applicationId,
    fileKey: file!.storageKey,
    sermonId: sermons[0]!.id,
    weekId: weeks[0]!.id,
    peerPastorId: peerUser!.id,
    peerMessageId,
    newPastorMessage: () => sendText(cookies.pastor!, peerUser!.id),
    async attachmentUpload() {
      const body = await multipart(
        {},
        { name: 'notes.jpg', type: 'image/jpeg', bytes: await jpegPhoto() },
      );
      return { payload: body.payload, contentType: body.headers['content-type'] };
    },
    async newCash(assembly) {
      return cashId((await give(t, member, { paymentMethod: 'cash', assembly })).code);
    },
    async newSermon() {
      const res = await call(t, 'POST', '/api/admin/sermons', cookies.admin, {
        title: `To delete ${++counter}`,
        video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    freeWeek() {
      const week = freeWeeks.shift();
      if (week === undefined) throw new Error('No devotional week number left for the matrix.');
      return week;
    },
    async newWeek() {
      const id = this.freeWeek();
      const res = await call(t, 'POST', '/api/admin/devotional/weeks', cookies.admin, {
        id,
        title: `To delete ${id}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return id;
    },
    async newApplication() {
      return (await pendingApplicant(t, `applicant-${++counter}@example.com`)).applicationId;
    },
    statementUpload() {
      const { payload, contentType } = multipartFile(
        'statement.csv',
        `Date,Description,Credit\n2026-01-05,Transfer ${++counter},10.00\n`,
      );
      return { payload, contentType };
    },
    async photoUpload() {
      const body = await multipart(
        { kind: 'passport_photo' },
        { name: 'me.jpg', type: 'image/jpeg', bytes: await jpegPhoto() },
      );
      return { payload: body.payload, contentType: body.headers['content-type'] };
    },
    async sermonIds() {
      const list = (await call(t, 'GET', '/api/sermons')).json().sermons as { id: string }[];
      return list.map((s) => s.id);
    },
    playlistId,
    libraryVideoId,
    newPlaylist,
    newLibraryVideo,
    playlistIds: async () => (await playlists()).map((p) => p.id),
    playlistVideoIds: async () =>
      (await playlists()).find((p) => p.id === playlistId)!.videos.map((v) => v.id),
    checkinSessionId: checkinSession.id,
    checkinCode: checkinSession.code,
    async newPickupCode() {
      const res = await call(
        t,
        'POST',
        `/api/checkin/sessions/${checkinSession.id}/children`,
        cookies.admin,
        { childName: `Child ${++counter}`, guardianPhone: '+233241234567' },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().pickupCode as string;
    },
    memberId: memberUser!.id,
    async freshMember() {
      const email = `fresh-${++counter}@example.com`;
      await memberSession(t, email);
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return { id: row!.id, email };
    },
    async newUsher() {
      const { id, email } = await this.freshMember();
      const res = await call(t, 'POST', '/api/admin/checkin/ushers', cookies.admin, {
        contact: email,
      });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    },
    unique: () => `${Date.now().toString(36)}${++counter}`,
  };
  return { cookies, fixtures: f };
}

/** The server's route table (`METHOD url`, HEAD left out), filled as buildApp adds routes. */
export function collectRoutes() {
  const routes = new Set<string>();
  return {
    routes,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
    },
  };
}

/** Sends a matrix request (`route` is its `METHOD url` key) as `caller`. */
export function injectAs(
  t: TestApp,
  route: string,
  request: MatrixRequest,
  caller: Caller,
  cookie: string | undefined,
) {
  const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return t.app.inject({
    method,
    url: request.url,
    remoteAddress: callerAddresses[caller],
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(request.raw ? { 'content-type': request.raw.contentType } : {}),
      ...request.headers,
    },
    ...(request.raw
      ? { payload: request.raw.payload }
      : request.payload === undefined
        ? {}
        : { payload: request.payload as object }),
  });
}

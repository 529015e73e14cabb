import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/pastor.ts';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { openPastorSocket, type TestSocket } from '../../testing/pastor.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { approvedPastor, decide } from '../../testing/workers.ts';

describe('pastor socket: realtime delivery in one app instance', () => {
  let t: TestApp;
  let base: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: 'overseer@example.com' },
      build: { pastorSocketRecheckMs: 200 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookies.admin = await memberSession(t, 'overseer@example.com');
    cookies.ama = (await approvedPastor(t, 'ama@example.com', cookies.admin)).cookie;
    cookies.kofi = (await approvedPastor(t, 'kofi@example.com', cookies.admin, 'lay')).cookie;
    cookies.member = await memberSession(t, 'member@example.com');
    for (const name of ['ama', 'kofi']) {
      ids[name] = (
        await t.app.inject({ url: '/api/pastor/me', headers: { cookie: cookies[name]! } })
      ).json().id;
    }
  });
  afterAll(async () => t.close());

  const closed = (socket: TestSocket) =>
    new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));

  it('closes an open socket once the pastor signs out or the approval is withdrawn', async () => {
    const esi = await approvedPastor(t, 'esi@example.com', cookies.admin!);
    const session = await openPastorSocket(base, { cookie: esi.cookie });
    const signedOut = closed(session);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie: esi.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await signedOut).toBe(4403);

    const yaw = await approvedPastor(t, 'yaw@example.com', cookies.admin!);
    const approval = await openPastorSocket(base, { cookie: yaw.cookie });
    const withdrawn = closed(approval);
    expect((await decide(t, cookies.admin!, yaw.applicationId, 'rejected')).statusCode).toBe(200);
    expect(await withdrawn).toBe(4403);
  });

  it('refuses a socket without a session', async () => {
    await expect(openPastorSocket(base)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a socket from another site, even with a pastor’s cookie', async () => {
    await expect(
      openPastorSocket(base, { cookie: cookies.ama!, origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      openPastorSocket(base, { cookie: cookies.ama!, origin: null }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it('refuses a member who is not an approved pastor', async () => {
    await expect(openPastorSocket(base, { cookie: cookies.member! })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('delivers new, edited and deleted messages to both sides at once', async () => {
    const kofi = await openPastorSocket(base, { cookie: cookies.kofi! });
    const ama = await openPastorSocket(base, { cookie: cookies.ama! });
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/pastor/conversations/${ids.kofi}/messages`,
        payload: { text: 'Prayer meeting at 7' },
        headers: { origin: ORIGIN, cookie: cookies.ama! },
      });
      expect(sent.statusCode).toBe(201);
      const id = (sent.json().message as ChatMessage).id;
      const isMessage = (check: (m: ChatMessage) => boolean) => (e: Record<string, unknown>) =>
        e.type === 'message' && check(e.message as ChatMessage);
      for (const socket of [kofi, ama]) {
        await socket.next(isMessage((m) => m.id === id && m.text === 'Prayer meeting at 7'));
      }

      await t.app.inject({
        method: 'PATCH',
        url: `/api/pastor/messages/${id}`,
        payload: { text: 'Prayer meeting at 8' },
        headers: { origin: ORIGIN, cookie: cookies.ama! },
      });
      await kofi.next(
        isMessage((m) => m.id === id && m.edited && m.text === 'Prayer meeting at 8'),
      );

      await t.app.inject({
        method: 'DELETE',
        url: `/api/pastor/messages/${id}?for=everyone`,
        headers: { origin: ORIGIN, cookie: cookies.ama! },
      });
      await kofi.next(isMessage((m) => m.id === id && m.deleted && m.text === null));
    } finally {
      kofi.close();
      ama.close();
    }
  });
});

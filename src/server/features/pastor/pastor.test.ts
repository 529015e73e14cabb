import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MAX_BYTES, type ChatMessage, type PastorPeer } from '../../../shared/pastor.ts';
import { and, eq } from 'drizzle-orm';
import { m } from '../../../paraglide/messages.js';
import { notifications } from '../../db/schema.ts';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { UNLIMITED_MESSAGES } from '../../testing/pastor.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  approvedPastor,
  decide,
  jpegPhoto,
  multipart,
  pendingApplicant,
} from '../../testing/workers.ts';

const MINUTE = 60 * 1000;

describe('pastor portal: who gets in, messages and their rules', () => {
  let t: TestApp;
  // The server's clock, moved by the tests (no fake timers: the app is given this clock).
  let now = new Date('2026-03-01T09:00:00Z');
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: 'overseer@example.com' },
      // The rules, not the pace: these tests send faster than a person (message-limits.test.ts).
      build: { now: () => new Date(now), pastorMessageLimits: UNLIMITED_MESSAGES },
    });
    cookies.admin = await memberSession(t, 'overseer@example.com');
    cookies.ama = (await approvedPastor(t, 'ama@example.com', cookies.admin, 'full-time')).cookie;
    cookies.kofi = (await approvedPastor(t, 'kofi@example.com', cookies.admin, 'lay')).cookie;
    cookies.esi = (await approvedPastor(t, 'esi@example.com', cookies.admin)).cookie;
    cookies.member = await memberSession(t, 'member@example.com');
    cookies.pending = (await pendingApplicant(t, 'pending@example.com')).cookie;
    const rejected = await pendingApplicant(t, 'rejected@example.com');
    expect((await decide(t, cookies.admin, rejected.applicationId, 'rejected')).statusCode).toBe(
      200,
    );
    cookies.rejected = rejected.cookie;
    for (const name of ['ama', 'kofi', 'esi']) {
      const res = await get('/api/pastor/me', cookies[name]);
      expect(res.statusCode, res.body).toBe(200);
      ids[name] = res.json().id;
    }
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const send = (from: string, to: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pastor/conversations/${ids[to] ?? to}/messages`,
      payload: { text },
      headers: { origin: ORIGIN, ...(cookies[from] ? { cookie: cookies[from] } : {}) },
    });
  const edit = (who: string, id: string, text: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/pastor/messages/${id}`,
      payload: { text },
      headers: { origin: ORIGIN, cookie: cookies[who]! },
    });
  const remove = (who: string, id: string, scope: 'everyone' | 'me') =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/pastor/messages/${id}?for=${scope}`,
      headers: { origin: ORIGIN, cookie: cookies[who]! },
    });
  const conversation = async (who: string, peer: string) => {
    const res = await get(`/api/pastor/conversations/${ids[peer]}`, cookies[who]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().messages as ChatMessage[];
  };
  const sendOk = async (from: string, to: string, text: string) => {
    const res = await send(from, to, text);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().message as ChatMessage;
  };
  const sendFile = async (
    from: string,
    to: string,
    file: { name: string; type: string; bytes: Buffer },
  ) => {
    const body = await multipart({}, file);
    return t.app.inject({
      method: 'POST',
      url: `/api/pastor/conversations/${ids[to]}/files`,
      payload: body.payload,
      headers: { ...body.headers, origin: ORIGIN, cookie: cookies[from]! },
    });
  };

  describe('only approved pastors get in', () => {
    const outsiders = ['member', 'pending', 'rejected', 'admin'] as const;

    it.each(outsiders)(
      'refuses a %s: no pastors list, no conversation, no sending',
      async (who) => {
        const list = await get('/api/pastor/pastors', cookies[who]);
        expect(list.statusCode).toBe(403);
        expect(list.json().error.message).toBe(m.shared_pastor_only_pastors());
        expect((await get(`/api/pastor/conversations/${ids.ama}`, cookies[who])).statusCode).toBe(
          403,
        );
        expect((await send(who, 'ama', 'hello')).statusCode).toBe(403);
        expect((await get('/api/pastor/me', cookies[who])).statusCode).toBe(403);
        expect((await get('/api/pastor/appointment/letter.pdf', cookies[who])).statusCode).toBe(
          404,
        );
      },
    );

    it('refuses a visitor without a session', async () => {
      expect((await get('/api/pastor/pastors')).statusCode).toBe(401);
      expect((await get('/api/pastor/appointment')).statusCode).toBe(401);
      expect((await send('nobody', 'ama', 'hello')).statusCode).toBe(401);
    });

    it('will not send to a member who is not an approved pastor', async () => {
      const res = await get('/api/pastor/me', cookies.ama);
      expect(res.statusCode).toBe(200);
      const member = await t.app.inject({ url: '/api/me', headers: { cookie: cookies.member! } });
      const memberId = member.json().user.id as string;
      expect((await send('ama', memberId, 'hello')).statusCode).toBe(404);
      expect((await send('ama', 'ama', 'to myself')).statusCode).toBe(404);
    });

    it('refuses in the language of the browser', async () => {
      const res = await get('/api/pastor/pastors', 'PARAGLIDE_LOCALE=ak');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(m.server_pastor_log_in({}, { locale: 'ak' }));
      expect((await get('/api/pastor/pastors')).json().error.message).toBe('Please log in first.');
    });
  });

  describe('messages', () => {
    it('lists the other pastors with the last message and the unread count', async () => {
      await sendOk('kofi', 'ama', 'Good morning, Pastor Ama');
      now = new Date(now.getTime() + 1000);
      await sendOk('kofi', 'ama', 'Are you at the meeting?');
      const res = await get('/api/pastor/pastors', cookies.ama);
      expect(res.statusCode).toBe(200);
      const pastors = res.json().pastors as PastorPeer[];
      expect(pastors.map((p) => p.email)).toEqual(['kofi@example.com', 'esi@example.com']);
      expect(pastors[0]!.unread).toBe(2);
      expect(pastors[0]!.lastMessage?.text).toBe('Are you at the meeting?');
      expect(pastors[1]!.lastMessage).toBeNull();

      const read = await t.app.inject({
        method: 'POST',
        url: `/api/pastor/conversations/${ids.kofi}/read`,
        headers: { origin: ORIGIN, cookie: cookies.ama! },
      });
      expect(read.json()).toEqual({ read: 2 });
      const after = (await get('/api/pastor/pastors', cookies.ama)).json().pastors as PastorPeer[];
      expect(after[0]!.unread).toBe(0);
    });

    it('keeps the browser’s id for a message, and saves a message sent twice once', async () => {
      const id = randomUUID();
      const send = (who: string, to: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/pastor/conversations/${ids[to]}/messages`,
          payload: { text: 'Sent with my own id', id },
          headers: { origin: ORIGIN, cookie: cookies[who]! },
        });
      const first = await send('ama', 'esi');
      expect(first.statusCode).toBe(201);
      expect(first.json().message.id).toBe(id);
      const again = await send('ama', 'esi');
      expect(again.json().message.id).toBe(id);
      const copies = (await conversation('esi', 'ama')).filter((m) => m.id === id);
      expect(copies).toHaveLength(1);
      // Someone else cannot take that id (nor learn anything about its message).
      const taken = await send('kofi', 'esi');
      expect(taken.statusCode).toBe(409);
      expect(taken.body).not.toContain('Sent with my own id');
    });

    it('never shows a pastor another pair’s conversation', async () => {
      await sendOk('kofi', 'ama', 'Between Kofi and Ama only');
      const esiWithAma = await conversation('esi', 'ama');
      expect(esiWithAma.map((m) => m.text)).not.toContain('Between Kofi and Ama only');
      const esiWithKofi = await conversation('esi', 'kofi');
      expect(esiWithKofi).toEqual([]);
      const kofiWithAma = await conversation('kofi', 'ama');
      expect(kofiWithAma.map((m) => m.text)).toContain('Between Kofi and Ama only');
    });

    it('refuses to edit or delete another pastor’s message, or one of another pair', async () => {
      const message = await sendOk('kofi', 'ama', 'Kofi wrote this');
      const byReceiver = await edit('ama', message.id, 'Ama changed it');
      expect(byReceiver.statusCode).toBe(403);
      expect(byReceiver.json().error.message).toBe(m.shared_pastor_only_sender());
      expect((await remove('ama', message.id, 'everyone')).statusCode).toBe(403);
      expect((await edit('esi', message.id, 'Esi changed it')).statusCode).toBe(404);
      expect((await remove('esi', message.id, 'everyone')).statusCode).toBe(404);
      expect((await remove('esi', message.id, 'me')).statusCode).toBe(404);
      expect((await conversation('kofi', 'ama')).find((m) => m.id === message.id)?.text).toBe(
        'Kofi wrote this',
      );
    });

    it('edits within 15 minutes (the edge included), marked as edited, then refuses', async () => {
      const message = await sendOk('ama', 'esi', 'Meeting at 5');
      now = new Date(now.getTime() + 15 * MINUTE);
      const edited = await edit('ama', message.id, 'Meeting at 6');
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().message).toMatchObject({ text: 'Meeting at 6', edited: true });
      expect((await conversation('esi', 'ama')).find((m) => m.id === message.id)).toMatchObject({
        text: 'Meeting at 6',
        edited: true,
      });
      now = new Date(now.getTime() + 1);
      const late = await edit('ama', message.id, 'Meeting at 7');
      expect(late.statusCode).toBe(403);
      expect(late.json().error.message).toBe(m.shared_pastor_edit_window());
    });

    it('saves nothing for unchanged text, and refuses empty text', async () => {
      const message = await sendOk('ama', 'esi', 'Same words');
      const same = await edit('ama', message.id, 'Same words');
      expect(same.json().message.edited).toBe(false);
      expect((await edit('ama', message.id, '   ')).statusCode).toBe(400);
    });

    it('deletes for everyone within 24 hours (the edge included), then only for me', async () => {
      const early = await sendOk('esi', 'kofi', 'First note');
      const later = await sendOk('esi', 'kofi', 'Second note');
      now = new Date(now.getTime() + 24 * 60 * MINUTE);
      const gone = await remove('esi', early.id, 'everyone');
      expect(gone.statusCode, gone.body).toBe(200);
      for (const [who, peer] of [
        ['esi', 'kofi'],
        ['kofi', 'esi'],
      ] as const) {
        const shown = (await conversation(who, peer)).find((m) => m.id === early.id);
        expect(shown).toMatchObject({ deleted: true, text: null, file: null });
      }
      now = new Date(now.getTime() + 1);
      const tooLate = await remove('esi', later.id, 'everyone');
      expect(tooLate.statusCode).toBe(403);
      expect(tooLate.json().error.message).toBe(m.shared_pastor_delete_window());
      expect((await remove('esi', later.id, 'me')).statusCode).toBe(200);
      expect((await conversation('esi', 'kofi')).map((m) => m.id)).not.toContain(later.id);
      expect((await conversation('kofi', 'esi')).map((m) => m.id)).toContain(later.id);
    });

    it('files cannot be edited', async () => {
      const res = await sendFile('ama', 'kofi', {
        name: 'photo.jpg',
        type: 'image/jpeg',
        bytes: await jpegPhoto(20, 20),
      });
      expect(res.statusCode, res.body).toBe(201);
      const edited = await edit('ama', res.json().message.id, 'text now');
      expect(edited.statusCode).toBe(400);
    });

    it('delete chat hides it for this pastor only, and a new message brings it back', async () => {
      await sendOk('kofi', 'esi', 'Before the chat was deleted');
      now = new Date(now.getTime() + 1000);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/pastor/conversations/${ids.kofi}`,
        headers: { origin: ORIGIN, cookie: cookies.esi! },
      });
      expect(res.statusCode).toBe(200);
      expect(await conversation('esi', 'kofi')).toEqual([]);
      expect((await conversation('kofi', 'esi')).length).toBeGreaterThan(0);
      const peers = (await get('/api/pastor/pastors', cookies.esi)).json().pastors as PastorPeer[];
      expect(peers.find((p) => p.id === ids.kofi)?.lastMessage).toBeNull();

      now = new Date(now.getTime() + 1000);
      await sendOk('kofi', 'esi', 'After');
      expect((await conversation('esi', 'kofi')).map((m) => m.text)).toEqual(['After']);
    });
  });

  describe('attachments', () => {
    it('keeps a file private: a signed link for 24 h, a download, checked by its bytes', async () => {
      const res = await sendFile('kofi', 'ama', {
        name: 'notes.txt',
        type: 'text/html',
        bytes: Buffer.from('Sermon notes for Sunday\n'),
      });
      expect(res.statusCode, res.body).toBe(201);
      const file = (res.json().message as ChatMessage).file!;
      expect(file).toMatchObject({ name: 'notes.txt', type: 'text/plain; charset=utf-8' });
      const link = new URL(file.url);
      const expires = Number(link.searchParams.get('expires'));
      expect(expires - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 60);
      expect(expires - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);

      const download = await t.app.inject({ url: link.pathname + link.search });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
      expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(download.body).toBe('Sermon notes for Sunday\n');

      // The bare path, or a link whose expiry was changed, gives nothing.
      expect((await t.app.inject({ url: link.pathname })).statusCode).toBe(403);
      const forged = new URL(link);
      forged.searchParams.set('expires', String(expires + 3600));
      expect((await t.app.inject({ url: forged.pathname + forged.search })).statusCode).toBe(403);

      // Shown again, the message has a fresh link.
      const again = (await conversation('ama', 'kofi')).find((m) => m.id === res.json().message.id);
      expect(again?.file?.url).toBeDefined();
    });

    it('refuses a link after 24 hours', async () => {
      const res = await sendFile('kofi', 'ama', {
        name: 'photo.jpg',
        type: 'image/jpeg',
        bytes: await jpegPhoto(20, 20),
      });
      const link = new URL((res.json().message as ChatMessage).file!.url);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600 * 1000 + 2000 });
      try {
        const expired = await t.app.inject({ url: link.pathname + link.search });
        expect(expired.statusCode).toBe(403);
        expect(expired.json().error.code).toBe('LINK_EXPIRED');
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses HTML, files dressed up as others, and files over the limit', async () => {
      const html = await sendFile('kofi', 'ama', {
        name: 'page.txt',
        type: 'text/plain',
        bytes: Buffer.from('<html><script>alert(1)</script></html>\u0000'),
      });
      expect(html.statusCode).toBe(415);
      const exe = await sendFile('kofi', 'ama', {
        name: 'photo.jpg',
        type: 'image/jpeg',
        bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      });
      expect(exe.statusCode).toBe(415);
      const big = await sendFile('kofi', 'ama', {
        name: 'big.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(ATTACHMENT_MAX_BYTES)]),
      });
      expect(big.statusCode).toBe(413);
    });

    it('deleting a file for everyone removes the file', async () => {
      const res = await sendFile('kofi', 'ama', {
        name: 'photo.jpg',
        type: 'image/jpeg',
        bytes: await jpegPhoto(20, 20),
      });
      const message = res.json().message as ChatMessage;
      const link = new URL(message.file!.url);
      expect((await remove('kofi', message.id, 'everyone')).statusCode).toBe(200);
      expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(404);
    });
  });

  describe('appointment letters', () => {
    it('gives the full-time pastor the full letter, the lay pastor the lay one', async () => {
      const full = (await get('/api/pastor/appointment', cookies.ama)).json();
      expect(full.status).toBe('appointed');
      expect(full.letter).toMatchObject({
        kind: 'full',
        role: 'Full-time Pastor',
        effectiveDate: '1st October 2025',
        fullName: 'Kwame Mensah',
        assembly: 'Grace',
      });
      expect(full.letter.signatories.length).toBeGreaterThan(0);
      expect(full.letter.paragraphs.join(' ')).toContain('1st October 2025');
      const lay = (await get('/api/pastor/appointment', cookies.kofi)).json();
      expect(lay.letter).toMatchObject({ kind: 'lay', role: 'Lay Pastor' });
    });

    it('says still under review or not approved to anyone else', async () => {
      for (const who of ['member', 'pending', 'rejected', 'admin']) {
        const res = await get('/api/pastor/appointment', cookies[who]);
        expect(res.json()).toEqual({
          status: 'not_approved',
          message: 'still under review or not approved',
        });
      }
    });

    it('downloads the letter as a PDF made on the server', async () => {
      const res = await get('/api/pastor/appointment/letter.pdf', cookies.ama);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="appointment-letter-/,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('in the receiver’s language', () => {
    it('tells the receiver of a new message in their own language', async () => {
      const language = await t.app.inject({
        method: 'PUT',
        url: '/api/profile/language',
        payload: { locale: 'ak' },
        headers: { origin: ORIGIN, cookie: cookies.esi! },
      });
      expect(language.statusCode).toBe(200);
      const name = (await get('/api/pastor/me', cookies.ama)).json().fullName as string;
      const noticesTo = async (who: string, body: string) =>
        (
          await t.db
            .select({ title: notifications.title })
            .from(notifications)
            .where(and(eq(notifications.userId, ids[who]!), eq(notifications.body, body)))
        ).map((n) => n.title);
      expect((await send('ama', 'esi', 'Akwaaba')).statusCode).toBe(201);
      expect(await noticesTo('esi', 'Akwaaba')).toEqual([
        m.server_pastor_notice_title({ name }, { locale: 'ak' }),
      ]);
      expect((await send('ama', 'kofi', 'Welcome')).statusCode).toBe(201);
      expect(await noticesTo('kofi', 'Welcome')).toEqual([`Message from ${name}`]);
    });
  });
});

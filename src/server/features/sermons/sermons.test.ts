import { beforeAll, describe, expect, it } from 'vitest';
import { m } from '../../../paraglide/messages.js';
import { parseVideoId } from '../../../shared/schemas/sermons.ts';
import { useContentTestApp } from '../../testing/content.ts';

describe('parseVideoId', () => {
  it('takes an id or the usual link forms, and nothing else', () => {
    const id = 'dQw4w9WgXcQ';
    expect(parseVideoId(id)).toBe(id);
    expect(parseVideoId(`https://www.youtube.com/watch?v=${id}&t=42s`)).toBe(id);
    expect(parseVideoId(`https://youtu.be/${id}?si=abc`)).toBe(id);
    expect(parseVideoId(`https://m.youtube.com/watch?v=${id}`)).toBe(id);
    expect(parseVideoId(`https://www.youtube.com/embed/${id}`)).toBe(id);
    expect(parseVideoId(`https://www.youtube.com/shorts/${id}`)).toBe(id);
    expect(parseVideoId(`https://www.youtube-nocookie.com/embed/${id}`)).toBe(id);
    expect(parseVideoId('dQw4w9WgXc')).toBeNull(); // 10 characters
    expect(parseVideoId(`https://evil.example/watch?v=${id}`)).toBeNull();
    expect(parseVideoId(`javascript:alert(1)//${id}`)).toBeNull();
    expect(parseVideoId('https://www.youtube.com/watch?v=bad')).toBeNull();
  });
});

describe('sermons API', () => {
  const { t, cookies, write, refusedToNonAdmins } = useContentTestApp();
  let admin: string;
  let member: string;
  beforeAll(() => ({ admin, member } = cookies));

  it('lists the 10 sermons in order for anyone, with an ETag', async () => {
    const res = await t.app.inject('/api/sermons');
    expect(res.statusCode).toBe(200);
    const { sermons } = res.json();
    expect(sermons).toHaveLength(10);
    expect(sermons[0]).toEqual({
      id: 'sermon-01',
      title: 'Walking by Faith (sample)',
      videoId: 'SAMPLEvid01',
    });
    expect(res.headers.etag).toMatch(/^"/);
    expect(res.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({
      url: '/api/sermons',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('finds one sermon by id, and says when there is none', async () => {
    expect((await t.app.inject('/api/sermons/sermon-02')).json().title).toBe(
      'The Power of Prayer (sample)',
    );
    const missing = await t.app.inject('/api/sermons/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Sermon not found.');
  });

  it('answers 304 for one sermon until an admin changes it', async () => {
    const first = await t.app.inject('/api/sermons/sermon-04');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: '/api/sermons/sermon-04',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await write('PATCH', '/api/admin/sermons/sermon-04', { title: 'Salt and Light' }, admin);
    const changed = await t.app.inject({
      url: '/api/sermons/sermon-04',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe('Salt and Light');
  });

  it('refuses every write from a signed-out caller or a member', async () => {
    const writes = [
      ['POST', '/api/admin/sermons', { title: 'New', video: 'dQw4w9WgXcQ' }],
      ['PATCH', '/api/admin/sermons/sermon-01', { title: 'Taken over' }],
      ['DELETE', '/api/admin/sermons/sermon-01', undefined],
      ['PUT', '/api/admin/sermons/order', { ids: ['sermon-02', 'sermon-01'] }],
    ] as const;
    for (const asMember of await refusedToNonAdmins(writes)) {
      expect(asMember.json().error.message).toBe('Only admins may do this.');
    }
    const { sermons } = (await t.app.inject('/api/sermons')).json();
    expect(sermons).toHaveLength(10);
    expect(sermons[0]).toMatchObject({ id: 'sermon-01', title: 'Walking by Faith (sample)' });
  });

  it('lets only admins write', async () => {
    const body = { title: 'New', video: 'dQw4w9WgXcQ' };
    expect((await write('POST', '/api/admin/sermons', body)).statusCode).toBe(401);
    expect((await write('POST', '/api/admin/sermons', body, member)).statusCode).toBe(403);
    expect(
      (await write('PATCH', '/api/admin/sermons/sermon-01', { title: 'x' }, member)).statusCode,
    ).toBe(403);
    expect(
      (await write('DELETE', '/api/admin/sermons/sermon-01', undefined, member)).statusCode,
    ).toBe(403);
    expect(
      (await write('PUT', '/api/admin/sermons/order', { ids: ['sermon-01'] }, member)).statusCode,
    ).toBe(403);
    expect((await t.app.inject('/api/sermons')).json().sermons).toHaveLength(10);
  });

  it('adds a sermon from a link, at the end, and the ETag changes', async () => {
    const before = await t.app.inject('/api/sermons');
    const res = await write(
      'POST',
      '/api/admin/sermons',
      { title: 'Fire on the Altar', video: 'https://youtu.be/dQw4w9WgXcQ' },
      admin,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: 'fire-on-the-altar',
      title: 'Fire on the Altar',
      videoId: 'dQw4w9WgXcQ',
    });
    const list = await t.app.inject({
      url: '/api/sermons',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().sermons.at(-1).id).toBe('fire-on-the-altar');

    const twin = await write(
      'POST',
      '/api/admin/sermons',
      { title: 'Fire on the Altar', video: 'dQw4w9WgXcQ' },
      admin,
    );
    expect(twin.json().id).toMatch(/^fire-on-the-altar-[0-9a-f]{6}$/);
  });

  it('edits a title and members see it at once', async () => {
    const res = await write(
      'PATCH',
      '/api/admin/sermons/sermon-03',
      { title: 'Grace That Restores' },
      admin,
    );
    expect(res.json().title).toBe('Grace That Restores');
    expect((await t.app.inject('/api/sermons/sermon-03')).json().title).toBe('Grace That Restores');
  });

  it('refuses malformed video ids and links, over-long and empty titles', async () => {
    const bad = await write(
      'POST',
      '/api/admin/sermons',
      { title: 'x'.repeat(201), video: 'https://vimeo.com/1234' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      title: 'Title must be at most 200 characters.',
      video: 'Enter a video link (youtube.com/watch?v=…, youtu.be/…) or its 11-character id.',
    });
    const empty = await write('PATCH', '/api/admin/sermons/sermon-01', { title: '  ' }, admin);
    expect(empty.json().error.fields).toEqual({ title: 'Title is required.' });
    const nothing = await write('PATCH', '/api/admin/sermons/sermon-01', {}, admin);
    expect(nothing.statusCode).toBe(400);
    expect(
      (await write('PATCH', '/api/admin/sermons/nope', { title: 'x' }, admin)).statusCode,
    ).toBe(404);
  });

  it('refuses malformed video ids with the same message on add and edit', async () => {
    const message =
      'Enter a video link (youtube.com/watch?v=…, youtu.be/…) or its 11-character id.';
    for (const video of [
      'dQw4w9WgXc', // 10 characters
      'dQw4w9WgXcQQ', // 12 characters
      'dQw4w9WgX!Q', // a character ids never have
      'https://youtu.be/short',
      'https://www.youtube.com/watch?v=',
      'https://www.youtube.com/playlist?list=PL123',
      'ftp://youtu.be/dQw4w9WgXcQ',
    ]) {
      const added = await write('POST', '/api/admin/sermons', { title: 'Ok', video }, admin);
      expect(added.statusCode, video).toBe(400);
      expect(added.json().error.fields, video).toEqual({ video: message });
      const edited = await write('PATCH', '/api/admin/sermons/sermon-01', { video }, admin);
      expect(edited.json().error.fields, video).toEqual({ video: message });
    }
    const tooLong = await write(
      'POST',
      '/api/admin/sermons',
      { title: 'Ok', video: `https://youtu.be/dQw4w9WgXcQ?si=${'a'.repeat(300)}` },
      admin,
    );
    expect(tooLong.json().error.fields).toEqual({
      video: 'Video link must be at most 300 characters.',
    });
    const longTitle = await write(
      'PATCH',
      '/api/admin/sermons/sermon-01',
      { title: 'x'.repeat(201) },
      admin,
    );
    expect(longTitle.json().error.fields).toEqual({
      title: 'Title must be at most 200 characters.',
    });
    // 200 characters is still fine.
    const longest = await write(
      'PATCH',
      '/api/admin/sermons/sermon-01',
      { title: 'y'.repeat(200) },
      admin,
    );
    expect(longest.statusCode).toBe(200);
    expect((await t.app.inject('/api/sermons/sermon-01')).json().videoId).toBe('SAMPLEvid01');
  });

  it('reorders only with a complete list', async () => {
    const ids: string[] = (await t.app.inject('/api/sermons'))
      .json()
      .sermons.map((s: { id: string }) => s.id);
    const partial = await write('PUT', '/api/admin/sermons/order', { ids: ids.slice(1) }, admin);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.message).toBe(
      'The new order must list every sermon exactly once. Reload and try again.',
    );
    const twi = `${admin}; PARAGLIDE_LOCALE=ak`;
    const inTwi = await write('PUT', '/api/admin/sermons/order', { ids: ids.slice(1) }, twi);
    expect(inTwi.json().error.message).toBe(m.server_sermons_order({}, { locale: 'ak' }));
    const reversed = [...ids].reverse();
    const res = await write('PUT', '/api/admin/sermons/order', { ids: reversed }, admin);
    expect(res.json().sermons.map((s: { id: string }) => s.id)).toEqual(reversed);
  });

  it('removes a sermon', async () => {
    expect(
      (await write('DELETE', '/api/admin/sermons/sermon-10', undefined, admin)).statusCode,
    ).toBe(204);
    expect((await t.app.inject('/api/sermons/sermon-10')).statusCode).toBe(404);
    expect(
      (await write('DELETE', '/api/admin/sermons/sermon-10', undefined, admin)).statusCode,
    ).toBe(404);
  });
});

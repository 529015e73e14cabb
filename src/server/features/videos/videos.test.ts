import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkPlaylist,
  checkVideo,
  playlistCreateSchema,
  videoCreateSchema,
  type Playlist,
} from '../../../shared/schemas/videos.ts';
import { useContentTestApp } from '../../testing/content.ts';

const ID = 'dQw4w9WgXcQ';

describe('the video forms check what the server checks', () => {
  it('agrees on videos', () => {
    const cases = [
      { title: ' Youth night ', video: `https://youtu.be/${ID}`, speaker: '', recordedOn: '' },
      { title: 'A', video: ID, speaker: ' Pastor Mensah ', recordedOn: '2026-03-01' },
      { title: '', video: ID, speaker: '', recordedOn: '' },
      { title: 'x'.repeat(201), video: ID, speaker: '', recordedOn: '' },
      {
        title: 'A',
        video: 'https://evil.example/watch?v=dQw4w9WgXcQ',
        speaker: '',
        recordedOn: '',
      },
      { title: 'A', video: ID, speaker: 'x'.repeat(101), recordedOn: '' },
      { title: 'A', video: ID, speaker: '', recordedOn: '2026-02-30' },
      { title: 'A', video: ID, speaker: '', recordedOn: '1/3/2026' },
    ];
    for (const input of cases) {
      const form = checkVideo(input);
      const server = videoCreateSchema.safeParse(input);
      expect(form.ok, JSON.stringify(input)).toBe(server.success);
      if (form.ok && server.success) expect(form.values).toEqual(server.data);
    }
  });

  it('agrees on playlists', () => {
    for (const input of [
      { title: 'Youth', description: '' },
      { title: ' ', description: '' },
      { title: 'Youth', description: 'x'.repeat(1001) },
    ]) {
      const form = checkPlaylist(input);
      const server = playlistCreateSchema.safeParse(input);
      expect(form.ok).toBe(server.success);
      if (form.ok && server.success) expect(form.values).toEqual(server.data);
    }
  });
});

describe('videos API', () => {
  const { t, cookies, write, refusedToNonAdmins } = useContentTestApp();
  let admin: string;
  const list = async () => (await t.app.inject('/api/videos')).json().playlists as Playlist[];

  beforeAll(() => ({ admin } = cookies));

  it('answers anyone with no playlists at first, with an ETag', async () => {
    const res = await t.app.inject('/api/videos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ playlists: [] });
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      url: '/api/videos',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('lets an admin build playlists and order them and their videos', async () => {
    const youth = await write('POST', '/api/admin/videos/playlists', { title: 'Youth' }, admin);
    expect(youth.statusCode).toBe(201);
    expect(youth.json()).toMatchObject({ title: 'Youth', description: '', videos: [] });
    const choir = await write(
      'POST',
      '/api/admin/videos/playlists',
      { title: ' Choir ', description: 'Songs from Sunday' },
      admin,
    );
    const youthId = youth.json().id as string;
    const choirId = choir.json().id as string;

    const first = await write(
      'POST',
      `/api/admin/videos/playlists/${youthId}/videos`,
      { title: 'Youth night', video: `https://www.youtube.com/watch?v=${ID}&t=3s` },
      admin,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ videoId: ID, speaker: null, recordedOn: null });
    const second = await write(
      'POST',
      `/api/admin/videos/playlists/${youthId}/videos`,
      { title: 'Camp', video: 'abcdefghijk', speaker: 'Pastor Mensah', recordedOn: '2026-08-02' },
      admin,
    );
    expect(second.json()).toMatchObject({ speaker: 'Pastor Mensah', recordedOn: '2026-08-02' });

    let playlists = await list();
    expect(playlists.map((p) => p.title)).toEqual(['Youth', 'Choir']);
    expect(playlists[0]!.videos.map((v) => v.title)).toEqual(['Youth night', 'Camp']);

    const order = await write(
      'PUT',
      `/api/admin/videos/playlists/${youthId}/videos/order`,
      { ids: [second.json().id, first.json().id] },
      admin,
    );
    expect(order.statusCode).toBe(200);
    expect(order.json().videos.map((v: { title: string }) => v.title)).toEqual([
      'Camp',
      'Youth night',
    ]);
    expect(
      (await write('PUT', '/api/admin/videos/playlists/order', { ids: [choirId, youthId] }, admin))
        .statusCode,
    ).toBe(200);
    playlists = await list();
    expect(playlists.map((p) => p.title)).toEqual(['Choir', 'Youth']);
    expect(playlists[1]!.videos.map((v) => v.title)).toEqual(['Camp', 'Youth night']);

    // Edit: the speaker and date can be taken away again.
    const edited = await write(
      'PATCH',
      `/api/admin/videos/${second.json().id}`,
      { title: 'Camp 2026', speaker: '', recordedOn: null },
      admin,
    );
    expect(edited.json()).toMatchObject({ title: 'Camp 2026', speaker: null, recordedOn: null });
    const renamed = await write(
      'PATCH',
      `/api/admin/videos/playlists/${choirId}`,
      { title: 'Choir songs' },
      admin,
    );
    expect(renamed.json()).toMatchObject({
      title: 'Choir songs',
      description: 'Songs from Sunday',
    });

    expect(
      (await write('DELETE', `/api/admin/videos/${first.json().id}`, undefined, admin)).statusCode,
    ).toBe(204);
    expect(
      (await write('DELETE', `/api/admin/videos/playlists/${youthId}`, undefined, admin))
        .statusCode,
    ).toBe(204);
    playlists = await list();
    expect(playlists.map((p) => p.title)).toEqual(['Choir songs']);
    // The playlist's videos went with it.
    const gone = await write(
      'PATCH',
      `/api/admin/videos/${second.json().id}`,
      { title: 'x' },
      admin,
    );
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Video not found.');
  });

  it('refuses every write from a signed-out caller or a member', async () => {
    const playlist = (
      await write('POST', '/api/admin/videos/playlists', { title: 'Kept' }, admin)
    ).json() as Playlist;
    const video = (
      await write(
        'POST',
        `/api/admin/videos/playlists/${playlist.id}/videos`,
        { title: 'Kept video', video: ID },
        admin,
      )
    ).json() as { id: string };
    const before = await list();
    const writes = [
      ['POST', '/api/admin/videos/playlists', { title: 'New' }],
      ['PUT', '/api/admin/videos/playlists/order', { ids: before.map((p) => p.id) }],
      ['PATCH', `/api/admin/videos/playlists/${playlist.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/admin/videos/playlists/${playlist.id}`, undefined],
      ['POST', `/api/admin/videos/playlists/${playlist.id}/videos`, { title: 'New', video: ID }],
      ['PUT', `/api/admin/videos/playlists/${playlist.id}/videos/order`, { ids: [video.id] }],
      ['PATCH', `/api/admin/videos/${video.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/admin/videos/${video.id}`, undefined],
    ] as const;
    for (const asMember of await refusedToNonAdmins(writes)) {
      expect(asMember.json().error.message).toBe('Only admins may do this.');
    }
    expect(await list()).toEqual(before);
  });

  it('refuses what it cannot store, and says where', async () => {
    const { id } = (
      await write('POST', '/api/admin/videos/playlists', { title: 'Checks' }, admin)
    ).json() as Playlist;
    const bad = async (url: string, body: object, method: 'POST' | 'PATCH' = 'POST') => {
      const res = await write(method, url, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().error;
    };
    const add = `/api/admin/videos/playlists/${id}/videos`;
    expect((await bad(add, { title: 'A', video: 'https://evil.example/x' })).fields.video).toBe(
      'Enter a video link (youtube.com/watch?v=…, youtu.be/…) or its 11-character id.',
    );
    expect((await bad(add, { title: '', video: ID })).fields.title).toBe('Title is required.');
    expect(
      (await bad(add, { title: 'A', video: ID, recordedOn: '2026-02-30' })).fields.recordedOn,
    ).toBe('Enter the date as YYYY-MM-DD.');
    await bad(add, { title: 'A', video: ID, extra: 1 });
    await bad('/api/admin/videos/playlists', { title: 'x'.repeat(201) });
    await bad(`/api/admin/videos/playlists/${id}`, {}, 'PATCH');

    const missing = await write(
      'POST',
      '/api/admin/videos/playlists/00000000-0000-4000-8000-000000000000/videos',
      { title: 'A', video: ID },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Playlist not found.');
    expect(
      (await write('DELETE', '/api/admin/videos/not-a-uuid', undefined, admin)).statusCode,
    ).toBe(400);

    // An order must name every playlist once.
    const order = await write('PUT', '/api/admin/videos/playlists/order', { ids: [id] }, admin);
    expect(order.statusCode).toBe(400);
    expect(order.json().error.message).toMatch(/every playlist exactly once/);
  });
});

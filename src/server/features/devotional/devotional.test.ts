import { beforeAll, describe, expect, it } from 'vitest';
import { m } from '../../../paraglide/messages.js';
import { normalizeDocumentUrl } from '../../../shared/schemas/devotional.ts';
import { useContentTestApp } from '../../testing/content.ts';

describe('normalizeDocumentUrl', () => {
  it('keeps https preview links on the document hosts and turns view/edit links into previews', () => {
    expect(normalizeDocumentUrl('https://drive.google.com/file/d/abc/view')).toBe(
      'https://drive.google.com/file/d/abc/preview',
    );
    expect(normalizeDocumentUrl('https://docs.google.com/document/d/abc/edit')).toBe(
      'https://docs.google.com/document/d/abc/preview',
    );
    expect(normalizeDocumentUrl('http://drive.google.com/file/d/abc/preview')).toBeNull();
    expect(normalizeDocumentUrl('https://example.com/file.pdf')).toBeNull();
    expect(normalizeDocumentUrl('not a link')).toBeNull();
  });
});

describe('devotional API', () => {
  const { t, cookies, write, refusedToNonAdmins } = useContentTestApp();
  let admin: string;
  let member: string;
  beforeAll(() => ({ admin, member } = cookies));

  it('lists week 15 with its 21 days', async () => {
    const res = await t.app.inject('/api/devotional/weeks');
    expect(res.json()).toEqual({
      weeks: [{ id: 15, title: '21 Days Fasting & Prayer', dayCount: 21 }],
    });
    const week = (await t.app.inject('/api/devotional/weeks/15')).json();
    expect(week.days).toHaveLength(21);
    expect(week.days[0]).toEqual({ day: 1, title: 'Returning to the Lord', hasDocument: true });
    expect(week.days[20].hasDocument).toBe(false);
  });

  it('answers an unknown week with the spec message', async () => {
    const res = await t.app.inject('/api/devotional/weeks/7');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No devotionals found for Week 7');
    expect((await t.app.inject('/api/devotional/weeks/abc')).statusCode).toBe(400);
  });

  it('gives a day with its document link and its neighbours', async () => {
    const first = (await t.app.inject('/api/devotional/weeks/15/days/1')).json();
    expect(first).toMatchObject({
      day: 1,
      previousDay: null,
      nextDay: 2,
      weekTitle: '21 Days Fasting & Prayer',
    });
    expect(first.documentUrl).toMatch(/^https:\/\/drive\.google\.com\//);
    const last = (await t.app.inject('/api/devotional/weeks/15/days/21')).json();
    expect(last).toMatchObject({ documentUrl: null, previousDay: 20, nextDay: null });
    expect((await t.app.inject('/api/devotional/weeks/15/days/22')).statusCode).toBe(404);
  });

  it('says a day is missing in the language of the browser', async () => {
    const url = '/api/devotional/weeks/15/days/22';
    const twi = await t.app.inject({ url, headers: { cookie: 'PARAGLIDE_LOCALE=ak' } });
    expect(twi.statusCode).toBe(404);
    expect(twi.json().error.message).toBe(
      m.server_devotional_no_day({ day: 22, week: 15 }, { locale: 'ak' }),
    );
    expect((await t.app.inject(url)).json().error.message).toBe('Day 22 of Week 15 was not found.');
  });

  it('answers 304 when nothing changed', async () => {
    const res = await t.app.inject('/api/devotional/weeks/15');
    const again = await t.app.inject({
      url: '/api/devotional/weeks/15',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses every write from a signed-out caller or a member', async () => {
    const writes = [
      ['POST', '/api/admin/devotional/weeks', { id: 16, title: 'Easter' }],
      ['PATCH', '/api/admin/devotional/weeks/15', { title: 'Renamed' }],
      ['DELETE', '/api/admin/devotional/weeks/15', undefined],
      ['PUT', '/api/admin/devotional/weeks/15/days/1', { title: 'Changed', documentUrl: '' }],
      ['DELETE', '/api/admin/devotional/weeks/15/days/1', undefined],
    ] as const;
    await refusedToNonAdmins(writes);
    expect((await t.app.inject('/api/devotional/weeks')).json().weeks).toEqual([
      { id: 15, title: '21 Days Fasting & Prayer', dayCount: 21 },
    ]);
    expect((await t.app.inject('/api/devotional/weeks/15/days/1')).json().title).toBe(
      'Returning to the Lord',
    );
  });

  it('lets only admins write', async () => {
    const day = { title: 'New day', documentUrl: '' };
    expect((await write('PUT', '/api/admin/devotional/weeks/15/days/22', day)).statusCode).toBe(
      401,
    );
    expect(
      (await write('PUT', '/api/admin/devotional/weeks/15/days/22', day, member)).statusCode,
    ).toBe(403);
    expect(
      (await write('POST', '/api/admin/devotional/weeks', { id: 16, title: 'x' }, member))
        .statusCode,
    ).toBe(403);
    expect(
      (await write('PATCH', '/api/admin/devotional/weeks/15', { title: 'x' }, member)).statusCode,
    ).toBe(403);
    expect(
      (await write('DELETE', '/api/admin/devotional/weeks/15', undefined, member)).statusCode,
    ).toBe(403);
    expect(
      (await write('DELETE', '/api/admin/devotional/weeks/15/days/1', undefined, member))
        .statusCode,
    ).toBe(403);
  });

  it('adds a week and days, edits a day link, and removes them', async () => {
    expect(
      (await write('POST', '/api/admin/devotional/weeks', { id: 16, title: 'Easter Week' }, admin))
        .statusCode,
    ).toBe(201);
    const dup = await write(
      'POST',
      '/api/admin/devotional/weeks',
      { id: 16, title: 'Again' },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    // A week without days is not shown as a list of days.
    expect((await t.app.inject('/api/devotional/weeks/16')).json().error.message).toBe(
      'No devotionals found for Week 16',
    );

    const day = await write(
      'PUT',
      '/api/admin/devotional/weeks/16/days/1',
      { title: 'He Is Risen', documentUrl: 'https://docs.google.com/document/d/xyz/edit' },
      admin,
    );
    expect(day.json()).toMatchObject({
      title: 'He Is Risen',
      documentUrl: 'https://docs.google.com/document/d/xyz/preview',
    });
    const cleared = await write(
      'PUT',
      '/api/admin/devotional/weeks/16/days/1',
      { title: 'He Is Risen', documentUrl: '' },
      admin,
    );
    expect(cleared.json().documentUrl).toBeNull();

    expect(
      (await write('PATCH', '/api/admin/devotional/weeks/16', { title: 'Holy Week' }, admin)).json()
        .title,
    ).toBe('Holy Week');
    expect(
      (await write('DELETE', '/api/admin/devotional/weeks/16/days/1', undefined, admin)).statusCode,
    ).toBe(204);
    expect(
      (await write('DELETE', '/api/admin/devotional/weeks/16', undefined, admin)).statusCode,
    ).toBe(204);
    expect((await t.app.inject('/api/devotional/weeks')).json().weeks).toHaveLength(1);
  });

  it('refuses bad links, titles and numbers', async () => {
    const res = await write(
      'PUT',
      '/api/admin/devotional/weeks/15/days/0',
      { title: '', documentUrl: 'https://evil.example/x' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ day: 'Day must be a whole number from 1 to 366.' });
    const body = await write(
      'PUT',
      '/api/admin/devotional/weeks/15/days/3',
      { title: '', documentUrl: 'https://evil.example/x' },
      admin,
    );
    expect(body.json().error.fields).toEqual({
      title: 'Title is required.',
      documentUrl:
        'Enter an https link to a Google Docs or Google Drive document, or leave it empty.',
    });
    const longDay = await write(
      'PUT',
      '/api/admin/devotional/weeks/15/days/3',
      {
        title: 'x'.repeat(201),
        documentUrl: `https://docs.google.com/document/d/${'a'.repeat(500)}/edit`,
      },
      admin,
    );
    expect(longDay.json().error.fields).toEqual({
      title: 'Title must be at most 200 characters.',
      documentUrl: 'Document link must be at most 500 characters.',
    });
    const plainHttp = await write(
      'PUT',
      '/api/admin/devotional/weeks/15/days/3',
      { title: 'Ok', documentUrl: 'http://docs.google.com/document/d/abc/preview' },
      admin,
    );
    expect(plainHttp.json().error.fields).toEqual({
      documentUrl:
        'Enter an https link to a Google Docs or Google Drive document, or leave it empty.',
    });
    const longWeek = await write(
      'POST',
      '/api/admin/devotional/weeks',
      { id: 54, title: 'x'.repeat(201) },
      admin,
    );
    expect(longWeek.json().error.fields).toEqual({
      id: 'Week must be a whole number from 1 to 53.',
      title: 'Title must be at most 200 characters.',
    });
    const rename = await write(
      'PATCH',
      '/api/admin/devotional/weeks/15',
      { title: 'x'.repeat(201) },
      admin,
    );
    expect(rename.json().error.fields).toEqual({ title: 'Title must be at most 200 characters.' });
    expect((await t.app.inject('/api/devotional/weeks/15/days/3')).json().title).toBe(
      'Humility Before God',
    );
    const noWeek = await write(
      'PUT',
      '/api/admin/devotional/weeks/40/days/1',
      { title: 'x' },
      admin,
    );
    expect(noWeek.statusCode).toBe(404);
  });
});

import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m } from '../../../paraglide/messages.js';
import { formFor } from '../../../shared/workers/form.ts';
import {
  devSms,
  notifications,
  users,
  workerApplications,
  workersGateGrants,
} from '../../db/schema.ts';
import {
  cookieHeader,
  memberSession,
  ORIGIN,
  provePhone,
  someClient,
} from '../../testing/accounts.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { inLocale } from '../../platform/locale.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import {
  decide,
  jpegPhoto,
  pendingApplicant,
  pngSignature,
  storedUpload,
  submitApplication,
  uploadApplicantFiles,
  uploadFile,
  validAnswers,
} from '../../testing/workers.ts';

describe('workers: gate, applications and admin review', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: 'overseer@example.com', AUTH_RATE_LIMIT: '3' },
    });
    admin = await memberSession(t, 'overseer@example.com');
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });

  describe('the workers gate', () => {
    const gate = (payload: object, cookie?: string, remoteAddress = someClient()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/workers/gate',
        payload,
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        remoteAddress,
      });

    it('lets a visitor in with email and password, signing them in, and records the grant', async () => {
      await memberSession(t, 'gate.visitor@example.com');
      const wrong = await gate({ email: 'gate.visitor@example.com', password: 'nope nope 1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe('Invalid email or password');

      const right = await gate({ email: 'gate.visitor@example.com', password: 'correct horse 1' });
      expect(right.statusCode).toBe(200);
      const cookie = cookieHeader(right);
      expect(cookie).toContain('session_token');
      const status = await get('/api/workers/status', cookie);
      expect(status.json()).toEqual({ status: 'not_applied', application: null });
      const grants = await t.db.select().from(workersGateGrants);
      expect(grants.length).toBeGreaterThan(0);
    });

    it('asks a signed-in member for their own password again', async () => {
      const cookie = await memberSession(t, 'gate.member@example.com');
      const wrong = await gate({ password: 'not my password' }, cookie);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe('Invalid password');
      // An email in the body does not switch accounts: the session's own is checked.
      const other = await gate(
        { email: 'overseer@example.com', password: 'correct horse 1' },
        cookie,
      );
      expect(other.statusCode).toBe(200);
      expect(other.headers['set-cookie']).toBeUndefined();
    });

    it('never counts a right password against the limit (issue 31): a member re-enters it all day', async () => {
      const cookie = await memberSession(t, 'gate.daily@example.com');
      const phone = '10.44.0.9';
      // AUTH_RATE_LIMIT=3 here: ten right entries from one phone, then the wrong ones count.
      for (let i = 0; i < 10; i++) {
        expect((await gate({ password: 'correct horse 1' }, cookie, phone)).statusCode).toBe(200);
      }
      for (let i = 0; i < 3; i++) {
        expect((await gate({ password: `guess ${i} 12` }, cookie, phone)).statusCode).toBe(401);
      }
      expect((await gate({ password: 'guess 9 12' }, cookie, phone)).statusCode).toBe(429);
    });

    it('is limited like login, per account and client', async () => {
      await memberSession(t, 'gate.limited@example.com');
      const from = '10.44.0.1';
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await gate(
              { email: 'gate.limited@example.com', password: 'guess 123' },
              undefined,
              from,
            )
          ).statusCode,
        ).toBe(401);
      }
      const limited = await gate(
        { email: 'gate.limited@example.com', password: 'correct horse 1' },
        undefined,
        from,
      );
      expect(limited.statusCode).toBe(429);
      // The owner elsewhere is not locked out.
      expect(
        (await gate({ email: 'gate.limited@example.com', password: 'correct horse 1' })).statusCode,
      ).toBe(200);
    });
  });

  describe('uploads', () => {
    let member: string;
    beforeAll(async () => {
      member = await memberSession(t, 'uploader@example.com');
    });

    it('refuses a visitor', async () => {
      const res = await uploadFile(t, undefined, 'passport_photo', {
        name: 'a.jpg',
        type: 'image/jpeg',
        bytes: await jpegPhoto(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(m.shared_workers_must_log_in());
    });

    it('keeps a re-encoded photo without its metadata, under a key the server chose', async () => {
      const withGps = await sharp(await jpegPhoto(2400, 3200))
        .withExif({ IFD0: { Copyright: 'secret place', Artist: 'Kwame' } })
        .jpeg()
        .toBuffer();
      expect((await sharp(withGps).metadata()).exif).toBeDefined();
      const res = await uploadFile(t, member, 'passport_photo', {
        name: '../../../etc/passwd.jpg',
        type: 'image/jpeg',
        bytes: withGps,
      });
      expect(res.statusCode).toBe(201);
      const { row: file, stored } = await storedUpload(t, res.json().id);
      expect(file.storageKey).toMatch(/^applications\/[^/]+\/[0-9a-f-]{36}-passport_photo\.jpg$/);
      const meta = await sharp(stored.body).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width!, meta.height!)).toBe(1200);
    });

    it('judges images by their bytes: SVG, HTML and GIF dressed as photos are refused', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
      const gif = await sharp({
        create: { width: 10, height: 10, channels: 3, background: 'red' },
      })
        .gif()
        .toBuffer();
      for (const bytes of [svg, html, gif, Buffer.from('just text')]) {
        const res = await uploadFile(t, member, 'passport_photo', {
          name: 'photo.png',
          type: 'image/png',
          bytes,
        });
        expect(res.statusCode).toBe(415);
        expect(res.json().error.code).toBe('NOT_AN_IMAGE');
      }
      // A signature must be a PNG.
      const jpegSignature = await uploadFile(t, member, 'signature', {
        name: 'sig.png',
        type: 'image/png',
        bytes: await jpegPhoto(),
      });
      expect(jpegSignature.statusCode).toBe(415);
    });

    it('refuses oversized files, unknown kinds and requests without a file', async () => {
      const big = await uploadFile(t, member, 'signature', {
        name: 'sig.png',
        type: 'image/png',
        bytes: Buffer.concat([await pngSignature(), Buffer.alloc(600 * 1024)]),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.message).toBe('The file is too large: at most 512 KB.');
      const huge = await uploadFile(t, member, 'passport_photo', {
        name: 'a.jpg',
        type: 'image/jpeg',
        bytes: Buffer.alloc(6 * 1024 * 1024, 1),
      });
      expect(huge.statusCode).toBe(413);
      const kind = await uploadFile(t, member, 'cv', {
        name: 'a.jpg',
        type: 'image/jpeg',
        bytes: await jpegPhoto(),
      });
      expect(kind.statusCode).toBe(400);
      const json = await call(t, 'POST', '/api/workers/files', member, { kind: 'signature' });
      expect(json.statusCode).toBe(415);
    });

    it('answers in Twi a browser whose language is Twi', async () => {
      const big = await uploadFile(t, `${member}; PARAGLIDE_LOCALE=ak`, 'signature', {
        name: 'sig.png',
        type: 'image/png',
        bytes: Buffer.concat([await pngSignature(), Buffer.alloc(600 * 1024)]),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.message).toBe(
        m.server_workers_file_too_large({ size: '512 KB' }, { locale: 'ak' }),
      );
      expect(big.json().error.message).not.toBe('The file is too large: at most 512 KB.');
    });
  });

  describe('applying', () => {
    it('says the visitor must log in', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workers/applications',
        payload: { role: 'pastor', answers: {}, agree_terms: true },
        headers: { origin: ORIGIN },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('You must be logged in to apply.');
      expect((await get('/api/workers/status')).statusCode).toBe(401);
    });

    it('stores a whole pastor application as pending; the latest decides /workers', async () => {
      const { cookie, applicationId } = await pendingApplicant(t, 'ama.applicant@example.com');
      expect((await get('/api/workers/status', cookie)).json()).toMatchObject({
        status: 'pending',
        application: { id: applicationId, role: 'pastor' },
      });
      const [row] = await t.db
        .select()
        .from(workerApplications)
        .where(eq(workerApplications.id, applicationId));
      expect(row).toMatchObject({ status: 'pending', role: 'pastor', pastorType: 'full-time' });
      const formData = row!.formData as Record<string, unknown>;
      expect(formData.full_name).toBe('Kwame Mensah');
      expect(formData.passport_photo).toMatch(/^applications\//);
      expect(formData.signatureImage).toMatch(/^applications\/.+\.png$/);
    });

    it('refuses a role without a form, with the spec message', async () => {
      const cookie = await memberSession(t, 'forger@example.com');
      for (const role of ['campus_pastor', 'deacon', '../admin']) {
        const res = await submitApplication(t, cookie, role, {});
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(`Form configuration not found for role: ${role}`);
      }
    });

    describe('bad answers', () => {
      let cookie: string;
      let files: { photoId: string; signatureId: string };
      beforeAll(async () => {
        cookie = await memberSession(t, 'careless@example.com');
        files = await uploadApplicantFiles(t, cookie);
      });
      const send = (answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        submitApplication(
          t,
          cookie,
          'pastor',
          { ...validAnswers('pastor', { passport_photo: files.photoId }), ...answers } as never,
          { signature: files.signatureId, ...extra },
        );
      const fieldsOf = async (res: Awaited<ReturnType<typeof send>>) => {
        expect(res.statusCode).toBe(400);
        return res.json().error.fields as Record<string, string>;
      };

      it('names the first missing required field in the spec words', async () => {
        expect(await fieldsOf(await send({ full_name: '  ' }))).toEqual({
          'answers.full_name': 'Please fill in "Full name" before continuing.',
        });
        expect(await fieldsOf(await send({ pastor_type: undefined }))).toEqual({
          'answers.pastor_type': 'Please fill in "Pastor type" before continuing.',
        });
      });

      it("answers a Twi applicant with the form's Twi labels (the request's language)", async () => {
        const inTwi = (answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
          submitApplication(
            t,
            `${cookie}; PARAGLIDE_LOCALE=ak`,
            'pastor',
            { ...validAnswers('pastor', { passport_photo: files.photoId }), ...answers } as never,
            { signature: files.signatureId, ...extra },
          );
        expect(await fieldsOf(await inTwi({ full_name: '', marital_status: 'married' }))).toEqual({
          'answers.full_name': 'Yɛsrɛ wo, hyɛ "Din nyinaa" ma ansa na woakɔ so.',
          'answers.spouse_name': 'Yɛsrɛ wo, hyɛ "Wo hokafoɔ din" ma ansa na woakɔ so.',
          'answers.spouse_contact': 'Yɛsrɛ wo, hyɛ "Wo hokafoɔ fon nɔma" ma ansa na woakɔ so.',
          'answers.spouse_nationality':
            'Yɛsrɛ wo, hyɛ "Ɔman a wo hokafoɔ firi" ma ansa na woakɔ so.',
        });
        expect((await fieldsOf(await inTwi({}, { agree_terms: false }))).agree_terms).toBe(
          'Ɛsɛ sɛ wopene "Mepene mpaemuka yi so" so ansa na woakɔ so.',
        );
        // The next English request is English again: nothing was fixed at load.
        expect((await fieldsOf(await send({ full_name: '' })))['answers.full_name']).toBe(
          'Please fill in "Full name" before continuing.',
        );
      });

      it('asks for the spouse when married and the other ID type when "other"', async () => {
        const fields = await fieldsOf(await send({ marital_status: 'married', id_type: 'other' }));
        expect(fields).toMatchObject({
          'answers.spouse_name': `Please fill in "Spouse's name" before continuing.`,
          'answers.id_other_specify': 'Please fill in "Other ID type" before continuing.',
        });
      });

      it('refuses wrong options, over-long text, wrong types and unknown answers', async () => {
        expect((await fieldsOf(await send({ gender: 'other' })))['answers.gender']).toBe(
          'Choose one of the options.',
        );
        expect((await fieldsOf(await send({ lts: ['level_9'] })))['answers.lts']).toBe(
          'Choose from the options.',
        );
        expect(
          (await fieldsOf(await send({ nationality: 'x'.repeat(201) })))['answers.nationality'],
        ).toBe('Nationality must be at most 200 characters.');
        expect((await fieldsOf(await send({ dob: '1985-02-30' })))['answers.dob']).toBe(
          'Enter a valid date.',
        );
        expect((await fieldsOf(await send({ email: 'nope' })))['answers.email']).toBe(
          'Enter a valid email address.',
        );
        expect((await send({ full_name: 42 })).statusCode).toBe(400);
        expect((await fieldsOf(await send({ is_admin: 'yes' })))['answers.is_admin']).toBe(
          'Unknown field.',
        );
        expect(
          (await fieldsOf(await send({ current_branch: 'atlantis' })))['answers.current_branch'],
        ).toBe('Choose your branch.');
      });

      it('wants the declaration agreed and a signature, in the spec words', async () => {
        expect((await fieldsOf(await send({}, { agree_terms: false }))).agree_terms).toBe(
          'You must agree to "I agree to this declaration" to continue.',
        );
        expect((await fieldsOf(await send({}, { signature: undefined }))).signature).toBe(
          'Please provide your signature before submitting.',
        );
      });

      it("does not take another member's upload", async () => {
        const other = await memberSession(t, 'other.uploader@example.com');
        const theirs = await uploadApplicantFiles(t, other);
        const res = await send({ passport_photo: theirs.photoId });
        expect((await fieldsOf(res))['answers.passport_photo']).toBe(
          'Upload the passport photo again.',
        );
      });

      it('checks every field of the definition: missing, wrong option, too long', async () => {
        const married = { marital_status: 'married', id_type: 'other' };
        const fields = formFor('pastor')!.flatMap((section) => section.fields);
        // Many refusals: spread over applicants, each within the per-member limit.
        const applicants: { cookie: string; photoId: string; signatureId: string }[] = [];
        for (let i = 0; i < 5; i++) {
          const cookie = await memberSession(t, `every.field.${i}@example.com`);
          applicants.push({ cookie, ...(await uploadApplicantFiles(t, cookie)) });
        }
        let sent = 0;
        const send = (answers: Record<string, unknown>) => {
          const applicant = applicants[Math.floor(sent++ / 25)]!;
          return submitApplication(
            t,
            applicant.cookie,
            'pastor',
            {
              ...validAnswers('pastor', { passport_photo: applicant.photoId }),
              ...answers,
            } as never,
            { signature: applicant.signatureId },
          );
        };
        let checked = 0;
        for (const field of fields) {
          if (field.kind === 'image') continue;
          const key = `answers.${field.name}`;
          if (field.required) {
            const fields = await fieldsOf(await send({ ...married, [field.name]: undefined }));
            expect(fields[key], `${field.name} missing`).toBe(
              `Please fill in "${field.label}" before continuing.`,
            );
          }
          if (field.options) {
            const wrong = field.kind === 'checkboxes' ? ['nope'] : 'nope';
            const fields = await fieldsOf(await send({ ...married, [field.name]: wrong }));
            expect(fields[key], `${field.name} option`).toMatch(/^Choose/);
          } else if (['text', 'textarea'].includes(field.kind)) {
            const long = 'x'.repeat(field.kind === 'textarea' ? 2001 : 201);
            const fields = await fieldsOf(await send({ ...married, [field.name]: long }));
            expect(fields[key], `${field.name} too long`).toMatch(/must be at most/);
          } else if (field.kind !== 'assembly') {
            const fields = await fieldsOf(await send({ ...married, [field.name]: 'not valid!' }));
            expect(fields[key], `${field.name} format`).toMatch(/^Enter a valid/);
          }
          checked++;
        }
        expect(checked).toBe(fields.length - 1);
      });

      it('drops answers of hidden fields instead of keeping them', async () => {
        const res = await send({ marital_status: 'single', spouse_name: 'Hidden Person' });
        expect(res.statusCode).toBe(201);
        const [row] = await t.db
          .select()
          .from(workerApplications)
          .where(eq(workerApplications.id, res.json().id));
        expect((row!.formData as Record<string, unknown>).spouse_name).toBeUndefined();
      });
    });

    it('allows one pending application, another after a rejection, none after an approval', async () => {
      const { cookie, applicationId } = await pendingApplicant(t, 'esi.elder@example.com', 'elder');
      const files = await uploadApplicantFiles(t, cookie);
      const again = () =>
        submitApplication(
          t,
          cookie,
          'elder',
          validAnswers('elder', { passport_photo: files.photoId }),
          { signature: files.signatureId },
        );
      const second = await again();
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('ALREADY_PENDING');

      expect((await decide(t, admin, applicationId, 'rejected')).statusCode).toBe(200);
      expect((await get('/api/workers/status', cookie)).json().status).toBe('rejected');
      const reapplied = await again();
      expect(reapplied.statusCode).toBe(201);
      expect((await get('/api/workers/status', cookie)).json().status).toBe('pending');

      expect((await decide(t, admin, reapplied.json().id, 'approved')).statusCode).toBe(200);
      const more = await uploadApplicantFiles(t, cookie);
      const afterApproval = await submitApplication(
        t,
        cookie,
        'elder',
        validAnswers('elder', { passport_photo: more.photoId }),
        { signature: more.signatureId },
      );
      expect(afterApproval.statusCode).toBe(409);
      expect(afterApproval.json().error.code).toBe('ALREADY_APPROVED');
    });

    it('shows applicants their own application only, without file keys', async () => {
      const ama = await pendingApplicant(t, 'own.one@example.com');
      const kofi = await memberSession(t, 'own.two@example.com');
      const mine = (await get('/api/workers/application', ama.cookie)).json().application;
      expect(mine).toMatchObject({ id: ama.applicationId, status: 'pending' });
      expect(mine.answers.full_name).toBe('Kwame Mensah');
      expect(mine.answers.passport_photo).toBeUndefined();
      expect(JSON.stringify(mine)).not.toContain('applications/');
      expect((await get('/api/workers/application', kofi)).json()).toEqual({ application: null });
      expect((await get('/api/workers/status', kofi)).json().status).toBe('not_applied');
    });
  });

  describe('admin review', () => {
    let applicant: { cookie: string; applicationId: string };
    let member: string;
    beforeAll(async () => {
      applicant = await pendingApplicant(t, 'review.me@example.com', 'pastor', {
        pastor_type: 'lay',
      });
      member = await memberSession(t, 'nosy@example.com');
    });

    it('refuses visitors (401) and members (403) on every admin call', async () => {
      const calls = [
        { method: 'GET' as const, url: '/api/admin/applications' },
        { method: 'GET' as const, url: `/api/admin/applications/${applicant.applicationId}` },
        {
          method: 'POST' as const,
          url: `/api/admin/applications/${applicant.applicationId}/decision`,
          payload: { status: 'approved' },
        },
        { method: 'GET' as const, url: '/api/admin/users' },
      ];
      for (const call of calls) {
        for (const [cookie, status] of [
          [undefined, 401],
          [member, 403],
          [applicant.cookie, 403],
        ] as const) {
          const res = await t.app.inject({
            ...call,
            headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          });
          expect(res.statusCode, `${call.method} ${call.url}`).toBe(status);
        }
      }
      const [row] = await t.db
        .select()
        .from(workerApplications)
        .where(eq(workerApplications.id, applicant.applicationId));
      expect(row!.status).toBe('pending');
    });

    it('lists every application newest first, with the name, filtered by status', async () => {
      const all = (await get('/api/admin/applications', admin)).json().applications as {
        id: string;
        createdAt: string;
        status: string;
        applicantName: string;
      }[];
      expect(all.length).toBeGreaterThan(3);
      expect(all[0]!.id).toBe(applicant.applicationId);
      expect(all[0]!.applicantName).toBe('Ama Mensah');
      const sorted = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      expect(all.map((a) => a.id)).toEqual(sorted.map((a) => a.id));
      const pending = (await get('/api/admin/applications?status=pending', admin)).json();
      expect(pending.applications.every((a: { status: string }) => a.status === 'pending')).toBe(
        true,
      );
      expect((await get('/api/admin/applications?status=bogus', admin)).statusCode).toBe(400);
    });

    it('shows the answers and the files through expiring links that work', async () => {
      const detail = (
        await get(`/api/admin/applications/${applicant.applicationId}`, admin)
      ).json();
      expect(detail.answers.pastor_type).toBe('lay');
      expect(detail.pastorType).toBe('lay');
      const photoUrl = new URL(detail.files.passportPhoto);
      expect(photoUrl.searchParams.get('expires')).toBeTruthy();
      const photo = await t.app.inject(photoUrl.pathname + photoUrl.search);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      const signature = new URL(detail.files.signature);
      expect(
        (await t.app.inject(signature.pathname + signature.search)).headers['content-type'],
      ).toBe('image/png');
      // Without the signature on the link, nothing.
      expect((await t.app.inject(photoUrl.pathname)).statusCode).toBe(403);
      expect(
        (await get('/api/admin/applications/00000000-0000-4000-8000-000000000000', admin))
          .statusCode,
      ).toBe(404);
    });

    it('approves with the pastor type, keeps every decision, and the applicant sees it', async () => {
      const approved = await decide(t, admin, applicant.applicationId, 'approved', {
        pastorType: 'full',
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        message: 'Application marked as approved',
        pastorType: 'full',
      });
      expect((await get('/api/workers/status', applicant.cookie)).json().status).toBe('approved');
      const detail = (
        await get(`/api/admin/applications/${applicant.applicationId}`, admin)
      ).json();
      expect(detail.decisions).toEqual([
        {
          status: 'approved',
          previousStatus: 'pending',
          pastorType: 'full',
          reason: null,
          decidedBy: 'overseer@example.com',
          decidedAt: expect.any(String),
        },
      ]);
      expect((await decide(t, admin, applicant.applicationId, 'pending' as never)).statusCode).toBe(
        400,
      );
    });
  });

  describe('decisions the applicant is told about', () => {
    // Its own app, delivering mail to a local SMTP server (no dev mailbox).
    let s: TestApp;
    let judge: string;
    beforeAll(async () => {
      s = await createTestApp({ smtp: true, env: { ADMIN_EMAILS: 'judge@example.com' } });
      judge = await memberSession(s, 'judge@example.com');
    });
    afterAll(async () => s?.close());
    const read = (url: string, cookie: string) => s.app.inject({ url, headers: { cookie } });

    it('a rejection needs a reason, which is kept, mailed to the applicant and shown on /workers', async () => {
      const { cookie, applicationId } = await pendingApplicant(s, 'hopeful@example.com', 'elder');
      const bare = await s.app.inject({
        method: 'POST',
        url: `/api/admin/applications/${applicationId}/decision`,
        payload: { status: 'rejected' },
        headers: { origin: ORIGIN, cookie: judge },
      });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().error.fields.reason).toBe(m.shared_workers_reason_required());
      const blank = await decide(s, judge, applicationId, 'rejected', { reason: '   ' });
      expect(blank.statusCode).toBe(400);

      const reason = 'Please ask your assembly for a letter of recommendation first.';
      const rejected = await decide(s, judge, applicationId, 'rejected', { reason });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const mail = s.smtp!.mails.findLast((m) => m.to.includes('hopeful@example.com'))!;
      expect(mail.subject).toBe('Your elder application was not approved');
      expect(mail.text).toContain(reason);
      expect(mail.text).toContain(`${s.config.publicUrl}/workers`);

      const status = (await read('/api/workers/status', cookie)).json();
      expect(status).toMatchObject({
        status: 'rejected',
        application: { id: applicationId, reason },
      });
      const detail = (await read(`/api/admin/applications/${applicationId}`, judge)).json();
      expect(detail.decisions[0]).toMatchObject({ status: 'rejected', reason });
    });

    it('an approval is mailed to the applicant too, and needs no reason', async () => {
      const { cookie, applicationId } = await pendingApplicant(s, 'chosen@example.com', 'pastor');
      const approved = await decide(s, judge, applicationId, 'approved');
      expect(approved.statusCode, approved.body).toBe(200);
      const mail = s.smtp!.mails.findLast((m) => m.to.includes('chosen@example.com'))!;
      expect(mail.subject).toBe('Your pastor application was approved');
      expect(mail.text).toContain(`${s.config.publicUrl}/workers`);
      const status = (await read('/api/workers/status', cookie)).json();
      expect(status).toMatchObject({ status: 'approved', application: { reason: null } });
    });

    it('is sent by SMS too to an applicant who chose SMS for receipts and codes, as receipts are', async () => {
      const texts = async () =>
        (await s.db.select().from(devSms).where(like(devSms.to, '+2332412345%'))).map(
          (m) => m.text,
        );
      const choose = (cookie: string, channel: string) =>
        s.app.inject({
          method: 'PUT',
          url: '/api/profile/receipt-channel',
          payload: { channel },
          headers: { origin: ORIGIN, cookie },
        });
      const portal = `${s.config.publicUrl}/workers`;

      // 'both': the mail and an SMS with the reason, to the phone they proved.
      const texted = await pendingApplicant(s, 'texted@example.com', 'elder');
      await provePhone(s, 'texted@example.com', '+233241234501');
      expect((await choose(texted.cookie, 'both')).statusCode).toBe(200);
      const before = await texts();
      const reason = 'Serve a year in your cell first.';
      expect(
        (await decide(s, judge, texted.applicationId, 'rejected', { reason })).statusCode,
      ).toBe(200);
      expect(s.smtp!.mails.findLast((m) => m.to.includes('texted@example.com'))?.text).toContain(
        reason,
      );
      expect((await texts()).slice(before.length)).toEqual([
        `Sample Gospel Church: your elder application was not approved. The reason given: ${reason} ` +
          `You may contact the church leadership, or apply again later: ${portal}`,
      ]);

      // 'sms': the approval too.
      const approved = await pendingApplicant(s, 'smsonly@example.com', 'pastor');
      await provePhone(s, 'smsonly@example.com', '+233241234502');
      expect((await choose(approved.cookie, 'sms')).statusCode).toBe(200);
      const next = await texts();
      expect((await decide(s, judge, approved.applicationId, 'approved')).statusCode).toBe(200);
      expect((await texts()).slice(next.length)).toEqual([
        `Sample Gospel Church: your pastor application was approved. See the Workers Portal: ${portal}`,
      ]);

      // 'email' (the default): the mail only.
      const mailed = await pendingApplicant(s, 'mailonly@example.com', 'elder');
      const last = await texts();
      expect((await decide(s, judge, mailed.applicationId, 'approved')).statusCode).toBe(200);
      expect(await texts()).toEqual(last);
      expect(s.smtp!.mails.findLast((m) => m.to.includes('mailonly@example.com'))).toBeDefined();
    });

    it('tells a Twi applicant in Twi (mail and a GSM-7 SMS), whatever the admin’s language', async () => {
      const twi = await pendingApplicant(s, 'twi.applicant@example.com', 'elder');
      await provePhone(s, 'twi.applicant@example.com', '+233241234503');
      const put = (url: string, payload: object) =>
        s.app.inject({
          method: 'PUT',
          url,
          payload,
          headers: { origin: ORIGIN, cookie: twi.cookie },
        });
      expect((await put('/api/profile/language', { locale: 'ak' })).statusCode).toBe(200);
      expect((await put('/api/profile/receipt-channel', { channel: 'both' })).statusCode).toBe(200);
      const before = await s.db.select().from(devSms);
      const reason = 'Serve a year in your cell first.';
      const decided = await decide(s, judge, twi.applicationId, 'rejected', { reason });
      expect(decided.statusCode, decided.body).toBe(200);
      // The admin's answer stays in the admin's language.
      expect(decided.json().message).toBe(m.shared_workers_marked({ status: 'rejected' }));

      const role = inLocale('ak', () => m.shared_workers_role_elder().toLowerCase());
      // The mail as written (the SMTP server's copy is MIME-encoded).
      expect(s.smtp!.mails.some((m) => m.to.includes('twi.applicant@example.com'))).toBe(true);
      const [mail] = await s.db
        .select({ subject: notifications.emailSubject, text: notifications.emailText })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(users.email, 'twi.applicant@example.com'));
      expect(mail!.subject).toBe(m.mail_workers_rejected_subject({ role }, { locale: 'ak' }));
      expect(mail!.subject).not.toBe('Your elder application was not approved');
      expect(mail!.text).toContain(reason);
      const sms = (await s.db.select().from(devSms)).slice(before.length).map((r) => r.text);
      expect(sms).toEqual([
        m.sms_workers_rejected(
          {
            church: 'Sample Gospel Church',
            role: role.replace(/ɛ/g, 'e').replace(/ɔ/g, 'o'),
            reason,
            portal: `${s.config.publicUrl}/workers`,
          },
          { locale: 'ak' },
        ),
      ]);
      expect(smsShape(sms[0]!).encoding).toBe('GSM-7');
    });
  });

  describe('registered users', () => {
    it('lists members newest first, searchable, a page at a time, for admins only', async () => {
      const first = (await get('/api/admin/users', admin)).json();
      expect(first.page).toBe(1);
      expect(first.total).toBeGreaterThan(10);
      expect(first.users[0]).toMatchObject({
        email: expect.any(String),
        emailVerified: true,
        isAdmin: expect.any(Boolean),
      });
      const found = (await get('/api/admin/users?q=OVERSEER', admin)).json();
      expect(found.users.map((u: { email: string }) => u.email)).toEqual(['overseer@example.com']);
      expect(found.users[0].isAdmin).toBe(true);
      expect((await get('/api/admin/users?q=%25', admin)).json().total).toBe(0);
      expect((await get('/api/admin/users?page=0', admin)).statusCode).toBe(400);
      const member = await memberSession(t, 'curious@example.com');
      expect((await get('/api/admin/users', member)).statusCode).toBe(403);
      expect((await get('/api/admin/users')).statusCode).toBe(401);
    });
  });
});

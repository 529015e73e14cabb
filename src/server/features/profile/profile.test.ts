import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, logIn, memberSession, ORIGIN, someClient } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { m } from '../../../paraglide/messages.js';

describe('profile', () => {
  let t: TestApp;
  let cookie: string;
  const base = { fullName: 'Ama Mensah', phoneNumber: '+233241234567', assemblyName: 'bethel' };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await memberSession(t, 'ama@example.com');
  });
  afterAll(async () => t.close());

  const patch = (payload: object, headers: Record<string, string> = { cookie }) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload,
      headers: { origin: ORIGIN, ...headers },
    });

  it('refuses visitors without a session', async () => {
    expect((await t.app.inject('/api/profile')).statusCode).toBe(401);
    expect((await patch(base, {})).statusCode).toBe(401);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbbbb', confirmPassword: 'bbbbbbbb' },
      headers: { origin: ORIGIN },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json().error.code).toBe('UNAUTHENTICATED');
  });

  it("shows the member's own profile, email included", async () => {
    const res = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(res.json()).toEqual({
      fullName: 'Ama Mensah',
      email: 'ama@example.com',
      phoneNumber: '+233241234567',
      phoneDisplay: '+233 24 123 4567',
      assemblyName: 'bethel',
      location: null,
      dateOfBirth: null,
      receiptChannel: 'email',
      // No phone proved by SMS yet (issue 32).
      signInPhone: null,
    });
  });

  it('sends a saved number written as the phone input writes it, for any country', async () => {
    const saved = await patch({ ...base, phoneNumber: '+447400123456' });
    expect(saved.json().profile).toMatchObject({
      phoneNumber: '+447400123456',
      phoneDisplay: '+44 7400 123456',
    });
    const res = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(res.json().phoneDisplay).toBe('+44 7400 123456');
    await patch(base);
  });

  it("says 'No changes to save.' when nothing changed and no location is given", async () => {
    const res = await patch({ ...base, location: '', dateOfBirth: '' });
    expect(res.json()).toMatchObject({ changed: false, message: m.shared_profile_no_changes() });
  });

  it('saves changes, keeping a location and date of birth only when given', async () => {
    const first = await patch({
      ...base,
      fullName: 'Ama Serwaa Mensah',
      location: 'Kumasi',
      dateOfBirth: '1990-04-12',
    });
    expect(first.json()).toMatchObject({
      changed: true,
      message: m.shared_profile_updated(),
      profile: { fullName: 'Ama Serwaa Mensah', location: 'Kumasi', dateOfBirth: '1990-04-12' },
    });
    // Empty location and date: kept as they were.
    const second = await patch({
      ...base,
      fullName: 'Ama Serwaa Mensah',
      assemblyName: 'grace',
      location: '',
      dateOfBirth: '',
    });
    expect(second.json()).toMatchObject({
      changed: true,
      profile: { assemblyName: 'grace', location: 'Kumasi', dateOfBirth: '1990-04-12' },
    });
    // The greeting follows the new name.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().user.firstName).toBe('Ama');
  });

  it('never changes the email, and refuses unknown fields', async () => {
    const res = await patch({ ...base, email: 'other@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Unknown field: email.');
  });

  it('refuses bad values with field messages', async () => {
    const res = await patch({
      fullName: ' ',
      phoneNumber: '12',
      assemblyName: 'atlantis',
      dateOfBirth: '2999-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      fullName: 'Full name is required.',
      phoneNumber: 'Enter the phone number with its country code, at most 15 digits.',
      dateOfBirth: 'Enter a real date of birth.',
    });
    const assembly = await patch({ ...base, assemblyName: 'atlantis' });
    expect(assembly.json().error.fields).toEqual({ assemblyName: 'Please select your assembly.' });
  });

  describe('changing the password', () => {
    const change = (payload: object, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        payload,
        headers: { origin: ORIGIN, ...headers },
        remoteAddress: someClient(),
      });

    it('needs every field and matching new passwords', async () => {
      const empty = await change(
        { currentPassword: '', newPassword: '', confirmPassword: '' },
        { cookie },
      );
      expect(empty.json().error.fields.currentPassword).toBe(m.shared_accounts_fill_all_fields());
      const differ = await change(
        {
          currentPassword: 'correct horse 1',
          newPassword: 'new password 1',
          confirmPassword: 'new password 2',
        },
        { cookie },
      );
      expect(differ.json().error.fields.confirmPassword).toBe(m.shared_accounts_passwords_differ());
    });

    it('checks the current password on the server', async () => {
      const res = await change(
        {
          currentPassword: 'not my password',
          newPassword: 'new password 1',
          confirmPassword: 'new password 1',
        },
        { cookie },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'WRONG_PASSWORD',
        message: m.shared_accounts_wrong_password(),
      });
    });

    it("ends the member's other sessions but keeps this one", async () => {
      const otherDevice = cookieHeader(await logIn(t, 'ama@example.com'));
      const res = await change(
        {
          currentPassword: 'correct horse 1',
          newPassword: 'new password 1',
          confirmPassword: 'new password 1',
        },
        { cookie },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: m.shared_accounts_password_updated() });

      expect(
        (await t.app.inject({ url: '/api/me', headers: { cookie: otherDevice } })).json(),
      ).toEqual({ user: null });
      const thisDevice = cookieHeader(res);
      expect(
        (await t.app.inject({ url: '/api/me', headers: { cookie: thisDevice } })).json().user.email,
      ).toBe('ama@example.com');
      expect((await logIn(t, 'ama@example.com', 'new password 1')).statusCode).toBe(200);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, ORIGIN, someClient } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The shared schemas' messages are read when a value is refused (decision 042): a request
// in Twi (the catalogue's cookie) is answered in Twi, one without the cookie in English.
describe('validation errors in the requester’s language', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const signUpWithout = (field: 'firstName' | 'phone', headers: Record<string, string> = {}) => {
    const { [field]: _left, ...payload } = member('yaa@example.com');
    return t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: someClient(),
    });
  };

  it('answers a Twi sign-up with a missing field in Twi', async () => {
    const res = await signUpWithout('firstName', { cookie: 'PARAGLIDE_LOCALE=ak' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Baabi bi hia sɛ wohwɛ mu.',
      fields: { firstName: 'Ɛsɛ sɛ wode wo din a edi kan ka ho.' },
    });
    const noPhone = await signUpWithout('phone', { cookie: 'PARAGLIDE_LOCALE=ak' });
    expect(noPhone.json().error.fields).toEqual({ phone: 'Ɛsɛ sɛ wode fon nɔma ka ho.' });
  });

  it('keeps the English answer without the cookie, after a Twi one', async () => {
    const res = await signUpWithout('firstName');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Some fields need attention.',
      fields: { firstName: 'First name is required.' },
    });
    const english = await signUpWithout('phone', { cookie: 'PARAGLIDE_LOCALE=en' });
    expect(english.json().error.fields).toEqual({ phone: 'Phone number is required.' });
  });

  it('answers a malformed body in the cookie’s language', async () => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: '{"firstName":',
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
        remoteAddress: someClient(),
      });
    expect((await send({ cookie: 'PARAGLIDE_LOCALE=ak' })).json().error.message).toBe(
      'Abisadeɛ no mu nsɛm nyɛ JSON a ɛteɛ.',
    );
    expect((await send({})).json().error.message).toBe('The request body is not valid JSON.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { FAKE_SMS, startFakeSmsGateways } from '../../testing/fake-sms.ts';
import { ProviderError } from '../payments/types.ts';
import { createGatewaySender } from './gateways.ts';
import { smsShape } from './sms.ts';

describe('SMS shape: encoding and segments', () => {
  it('counts GSM-7 at 160 a segment and 153 when joined', () => {
    expect(smsShape('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1, characters: 160 });
    expect(smsShape('a'.repeat(161)).segments).toBe(2);
    expect(smsShape('a'.repeat(306)).segments).toBe(2);
    expect(smsShape('a'.repeat(307)).segments).toBe(3);
    // The euro sign is in GSM-7's extension table: two septets each.
    expect(smsShape('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsShape('€'.repeat(81)).segments).toBe(2);
  });

  it("switches to UCS-2 for Twi's ɛ and ɔ: 70 a segment, 67 when joined", () => {
    expect(smsShape('Meda wo ase')).toMatchObject({ encoding: 'GSM-7' });
    expect(smsShape('Yɛda wo ase')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsShape('ɔ'.repeat(70)).segments).toBe(1);
    expect(smsShape('ɔ'.repeat(71)).segments).toBe(2);
    expect(smsShape('ɔ'.repeat(134)).segments).toBe(2);
    expect(smsShape('ɔ'.repeat(135)).segments).toBe(3);
  });
});

describe('SMS gateways, each through its contract', () => {
  let fake: Awaited<ReturnType<typeof startFakeSmsGateways>>;
  beforeAll(async () => {
    fake = await startFakeSmsGateways();
  });
  afterAll(async () => fake.close());

  const sender = (env: Record<string, string>) => {
    const config = loadConfig({ SMS_BASE_URL: fake.url, SMS_SENDER_ID: 'BethelAG', ...env });
    return createGatewaySender(config.sms!, 2_000);
  };
  const hubtel = {
    SMS_PROVIDER: 'hubtel',
    SMS_CLIENT_ID: FAKE_SMS.hubtelClientId,
    SMS_CLIENT_SECRET: FAKE_SMS.hubtelClientSecret,
  };

  it('Hubtel: Basic auth, From/To/Content, the number in international form', async () => {
    await sender(hubtel).send({ to: '+233241234567', text: 'Receipt FLK-2026-000001' });
    expect(fake.delivered.at(-1)).toEqual({
      gateway: 'hubtel',
      sender: 'BethelAG',
      to: '233241234567',
      text: 'Receipt FLK-2026-000001',
    });
  });

  it('Arkesel: the api-key header and {sender, message, recipients[]}', async () => {
    await sender({ SMS_PROVIDER: 'arkesel', SMS_API_KEY: FAKE_SMS.apiKey }).send({
      to: '+233201234567',
      text: 'Your code is 123456',
    });
    expect(fake.delivered.at(-1)).toEqual({
      gateway: 'arkesel',
      sender: 'BethelAG',
      to: '233201234567',
      text: 'Your code is 123456',
    });
  });

  it('mNotify: the key in the query and {recipient[], sender, message}, local number form', async () => {
    await sender({ SMS_PROVIDER: 'mnotify', SMS_API_KEY: FAKE_SMS.apiKey }).send({
      to: '+233271234567',
      text: 'Yɛda wo ase',
    });
    expect(fake.delivered.at(-1)).toEqual({
      gateway: 'mnotify',
      sender: 'BethelAG',
      to: '0271234567',
      text: 'Yɛda wo ase',
    });
  });

  it('a refusal or an outage is an error, never a silent success', async () => {
    const before = fake.delivered.length;
    const refused: Record<string, string>[] = [
      { ...hubtel, SMS_CLIENT_SECRET: 'wrong' },
      { SMS_PROVIDER: 'arkesel', SMS_API_KEY: 'wrong' },
      { SMS_PROVIDER: 'mnotify', SMS_API_KEY: 'wrong' },
    ];
    for (const env of refused) {
      await expect(sender(env).send({ to: '+233241234567', text: 'x' })).rejects.toThrow(
        ProviderError,
      );
    }
    fake.setMode('error');
    try {
      await expect(sender(hubtel).send({ to: '+233241234567', text: 'x' })).rejects.toThrow(
        /refused the SMS \(503\)/,
      );
    } finally {
      fake.setMode('ok');
    }
    expect(fake.delivered.length).toBe(before);
  });
});

describe('SMS settings, checked at start', () => {
  it('refuses a sender id phones cannot show', () => {
    for (const bad of ['Bethel Assembly', 'Flock!', 'TwelveChars1', '']) {
      expect(() => loadConfig({ SMS_SENDER_ID: bad })).toThrow(/SMS_SENDER_ID: must be 1 to 11/);
    }
    expect(loadConfig({}).sms).toBeUndefined();
  });

  it('refuses a gateway without its credentials', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'hubtel', SMS_CLIENT_ID: 'x' })).toThrow(
      /SMS_CLIENT_ID and SMS_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'arkesel' })).toThrow(/needs SMS_API_KEY/);
    expect(loadConfig({ SMS_PROVIDER: 'mnotify', SMS_API_KEY: 'k' }).sms).toMatchObject({
      provider: 'mnotify',
      senderId: 'Flock',
    });
  });
});

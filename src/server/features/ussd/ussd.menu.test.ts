import { describe, expect, it } from 'vitest';
import { BANKS, OFFERING_TYPES } from '../../../shared/constants.ts';
import { m } from '../../../paraglide/messages.js';
import { inLocale } from '../../platform/locale.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { answer } from './ussd.answers.ts';
import {
  CODE_STEPS,
  GIVE_STEPS,
  initialState,
  REGISTER_STEPS,
  TALK_STEPS,
  USSD_SCREEN_MAX,
  type Caller,
  type MenuData,
  type Step,
  type UssdState,
} from './ussd.menu.ts';
import { render } from './ussd.screens.ts';

// Every screen of the menu in each language, with long names (those the screens cut, cut): within
// USSD_SCREEN_MAX, and in GSM-7 (the Twi screens write ɛ and ɔ as e and o).

const long = (n: number) => 'W'.repeat(n);
const data: MenuData = {
  churchName: long(60),
  maxPesewas: 1_000_000_00,
  // Seven to a page: a page of 16-letter names fills even the English (they are cut at 16).
  assemblies: Array.from({ length: 12 }, (_, i) => ({ slug: `a${i}`, label: long(12) })),
  banks: BANKS.map((slug) => ({ slug, label: long(20) })),
};
const member = { id: 'm', firstName: 'Oheneba', lastName: 'Owusu-Ansah', assembly: 'a1' };
const caller = (known: boolean): Caller => ({
  phone: '+233241234567',
  network: null,
  member: known ? member : null,
});

const draft = {
  type: 'other' as const,
  otherType: long(60),
  amount: 999_999_99,
  firstName: 'Oheneba',
  lastName: long(40),
  assembly: 'a1',
  network: 'Telecel' as const,
};
const steps: Step[] = [
  'main',
  ...GIVE_STEPS,
  'checkin.code',
  'shown',
  ...CODE_STEPS,
  ...TALK_STEPS,
  ...REGISTER_STEPS,
];

/** Every screen, for each way its words may differ (cash or bank, tithe or not, a member or not). */
function screens(): string[] {
  const texts: string[] = [];
  for (const known of [true, false]) {
    for (const step of steps) {
      for (const code of [
        { ...draft, method: 'cash' as const, type: 'tithe' as const },
        { ...draft, method: 'bank' as const, bank: BANKS[0], type: 'tithe' as const },
        { ...draft, method: 'bank' as const, bank: BANKS[0] },
      ]) {
        const state: UssdState = {
          ...initialState(),
          step,
          give: { ...draft },
          code,
          talk: { name: 'Oheneba Owusu-Ansah' },
          register: { firstName: long(30), lastName: long(30), assembly: 'a1' },
          shown: m.ussd_no_gifts(),
        };
        texts.push(render(state, caller(known), data).text);
      }
    }
    // The main menu with its refusal above it, the longest it gets.
    const refused = answer(initialState(), '9', caller(known), data).state;
    expect(refused.notice).toBeTruthy();
    texts.push(render(refused, caller(known), data).text);
  }
  return texts;
}

describe('the USSD screens in each language', () => {
  for (const locale of ['en', 'ak']) {
    it(`fit ${USSD_SCREEN_MAX} characters and GSM-7 in ${locale}`, () => {
      const texts = inLocale(locale, screens);
      expect(texts.length).toBeGreaterThan(100);
      for (const text of texts) {
        expect(text.length, text).toBeLessThanOrEqual(USSD_SCREEN_MAX);
        expect(smsShape(text).encoding, text).toBe('GSM-7');
      }
    });
  }

  it('speaks Twi in Twi, English otherwise, with the same numbers to press', () => {
    const state = initialState();
    const en = render(state, caller(true), data).text;
    const ak = inLocale('ak', () => render(state, caller(true), data).text);
    expect(en).toContain('\n1 Give\n2 My last 5 gifts');
    expect(ak).toContain('\n1 Ma akyede\n');
    expect(ak.match(/^\d /gm)).toEqual(en.match(/^\d /gm));
    const refused = inLocale('ak', () => answer(state, '9', caller(true), data).state);
    expect(inLocale('ak', () => render(refused, caller(true), data).text)).toMatch(
      /^Paw 1 kosi 7\.\n/,
    );
    expect(OFFERING_TYPES.length).toBeLessThanOrEqual(9);
  });
});

describe('the language item of the main menu', () => {
  const main = (locale: string, known: boolean, state = initialState()) =>
    inLocale(locale, () => render(state, caller(known), data).text);

  it('offers the other language, named in itself, as the last item, to members and guests', () => {
    for (const known of [true, false]) {
      expect(main('en', known)).toMatch(/\n6 [^\n]+\n7 Twi$/);
      expect(main('ak', known)).toMatch(/\n6 [^\n]+\n7 English$/);
    }
  });

  it('switches the session to it (an action the service keeps for a member), and back', () => {
    for (const known of [true, false]) {
      const chose = inLocale('en', () => answer(initialState(), '7', caller(known), data));
      expect(chose.action).toEqual({ kind: 'language', locale: 'ak' });
      expect(chose.state).toMatchObject({ step: 'main', locale: 'ak' });
      expect(chose.state.notice).toBeUndefined();
      const back = inLocale('ak', () => answer(chose.state, '7', caller(known), data));
      expect(back.action).toEqual({ kind: 'language', locale: 'en' });
      expect(back.state.locale).toBe('en');
    }
  });

  it('keeps the choice through the menus and home with 00; an older state has none', () => {
    const chose = inLocale('en', () => answer(initialState(), '7', caller(false), data)).state;
    const give = inLocale('ak', () => answer(chose, '1', caller(false), data)).state;
    expect(give).toMatchObject({ step: 'give.type', locale: 'ak' });
    const home = inLocale('ak', () => answer(give, '00', caller(false), data)).state;
    expect(home).toMatchObject({ step: 'main', locale: 'ak' });
    expect(answer(initialState(), '00', caller(false), data).state).not.toHaveProperty('locale');
  });

  it('refuses another number with the range that includes it', () => {
    const refused = answer(initialState(), '8', caller(false), data).state;
    expect(render(refused, caller(false), data).text).toMatch(/^Choose 1 to 7\.\n/);
    expect(answer(initialState(), '0', caller(true), data).state.notice).toBe('Choose 1 to 7.');
  });

  it("cuts a guest's title (the church's name) to the room the menu and a refusal leave", () => {
    const refused = inLocale('ak', () => answer(initialState(), '8', caller(false), data).state);
    const text = main('ak', false, refused);
    expect(text.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(text).toMatch(/^Paw 1 kosi 7\.\nW+\n1 Ma akyede\n/);
    expect(main('en', false)).toMatch(/^W{60}\n1 Give\n/);
    const short = { ...data, churchName: 'Sample Gospel Church' };
    expect(inLocale('ak', () => render(refused, caller(false), short).text)).toMatch(
      /^Paw 1 kosi 7\.\nSample Gospel Church\n/,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHONE_MAX_DIGITS } from './phone-countries.ts';
import { caretAfterDigits, planEdit, type PendingEdit } from './phone-typing.ts';

const typing = (text: string, at: number, data: string): PendingEdit => ({
  text,
  start: at,
  end: at,
  inputType: 'insertText',
  data,
});

describe('an edit that starts inside the calling code', () => {
  it('puts a digit typed on an empty number after the code, the caret after it', () => {
    for (const at of [0, 1, 2, 3]) {
      expect(planEdit(typing('+233', at, '2')), `caret at ${at}`).toEqual({
        kind: 'digits',
        digits: '2',
        caret: 4,
      });
    }
  });

  it('puts digits first in a number already there', () => {
    expect(planEdit(typing('+233 24 123 4567', 2, '5'))).toEqual({
      kind: 'digits',
      digits: '5241234567',
      caret: 4,
    });
    expect(
      planEdit({ ...typing('+233 123 4567', 0, ''), inputType: 'insertFromPaste', data: '24' }),
    ).toEqual({ kind: 'digits', digits: '241234567', caret: 5 });
  });

  it('replaces the digits of the number that the selection holds', () => {
    // '33 24' selected: the 2 and the 4 go, the calling code stays.
    expect(planEdit({ ...typing('+233 24 123', 2, '5'), end: 7 })).toEqual({
      kind: 'digits',
      digits: '5123',
      caret: 4,
    });
    expect(
      planEdit({
        text: '+233 24 123',
        start: 2,
        end: 7,
        inputType: 'deleteContentBackward',
        data: null,
      }),
    ).toEqual({ kind: 'digits', digits: '123', caret: 3 });
  });

  it('refuses what would change only the calling code, and what is not a digit', () => {
    expect(
      planEdit({
        text: '+233 24',
        start: 4,
        end: 4,
        inputType: 'deleteContentBackward',
        data: null,
      }),
    ).toEqual({ kind: 'refuse' });
    expect(
      planEdit({
        text: '+233 24',
        start: 2,
        end: 2,
        inputType: 'deleteContentForward',
        data: null,
      }),
    ).toEqual({ kind: 'refuse' });
    expect(planEdit(typing('+233 24', 2, 'a'))).toEqual({ kind: 'refuse' });
  });

  it('takes a pasted international number whole', () => {
    expect(
      planEdit({ ...typing('+233', 1, ''), inputType: 'insertFromPaste', data: '+44 7400 123456' }),
    ).toEqual({ kind: 'text', text: '+44 7400 123456' });
  });

  it('keeps to 15 digits, calling code included', () => {
    expect(planEdit(typing('+233 24 123 4567 89', 2, '1'))).toEqual({
      kind: 'digits',
      digits: '124123456789',
      caret: 4,
    });
    expect(planEdit(typing('+233 24 123 4567 890', 2, '1'))).toEqual({ kind: 'refuse' });
  });
});

describe('an edit after the calling code', () => {
  it('is left to the browser', () => {
    expect(planEdit(typing('+233 24', 7, '1'))).toEqual({ kind: 'browser' });
    expect(planEdit(typing('+233', 4, '2'))).toEqual({ kind: 'browser' });
    expect(
      planEdit({
        text: '+233 24',
        start: 5,
        end: 5,
        inputType: 'deleteContentBackward',
        data: null,
      }),
    ).toEqual({ kind: 'browser' });
  });

  it('and so is replacing the whole text', () => {
    expect(planEdit({ ...typing('+233 24', 0, '0'), end: 7 })).toEqual({ kind: 'browser' });
  });

  it('refuses a sixteenth digit', () => {
    expect(planEdit(typing('+233 24 123 4567 890', 20, '2'))).toEqual({ kind: 'refuse' });
  });
});

describe('any digit typed anywhere', () => {
  it('is never refused below 15 digits, and lands where the caret was or first in the number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,11}$/),
        fc.nat(),
        fc.constantFrom(...'0123456789'),
        (national, position, digit) => {
          const text = national ? `+233 ${national}` : '+233';
          const at = position % (text.length + 1);
          const plan = planEdit(typing(text, at, digit));
          if (plan.kind === 'browser') {
            expect(at).toBeGreaterThanOrEqual(4);
            return;
          }
          expect(plan).toEqual({ kind: 'digits', digits: digit + national, caret: 4 });
          expect(3 + national.length + 1).toBeLessThanOrEqual(PHONE_MAX_DIGITS);
        },
      ),
    );
  });
});

describe('caretAfterDigits', () => {
  it('finds the place after the n-th digit, or the end', () => {
    expect(caretAfterDigits('+233 24 123', 4)).toBe(6);
    expect(caretAfterDigits('+233 24 123', 5)).toBe(7);
    expect(caretAfterDigits('+233', 9)).toBe(4);
  });
});

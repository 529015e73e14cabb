import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  digitCount,
  editAroundCode,
  typedFromText,
  type PendingEdit,
  type Typed,
} from './phone-typing.ts';

const ghana: Typed = { country: 'GH', callingCode: '233', digits: '' };

const typing = (text: string, at: number, data: string): PendingEdit => ({
  text,
  start: at,
  end: at,
  inputType: 'insertText',
  data,
});
const deleting = (text: string, start: number, end = start): PendingEdit => ({
  text,
  start,
  end,
  inputType: 'deleteContentBackward',
  data: '',
});

/** What the input holds after an edit made by the input: the number's digits, and the digits before the caret. */
function after(edit: PendingEdit) {
  const result = editAroundCode(edit);
  if (!result) return result;
  const typed = typedFromText(result.text, ghana);
  return {
    country: typed.country,
    digits: typed.digits,
    caret: digitCount(result.text.slice(0, result.at)),
  };
}

describe('an edit that starts inside the calling code', () => {
  it('puts a digit typed on an empty number after the code, the caret after it', () => {
    for (const at of [0, 1, 2, 3]) {
      expect(after(typing('+233', at, '2')), `caret at ${at}`).toEqual({
        country: 'GH',
        digits: '2',
        caret: 4,
      });
    }
  });

  it('puts digits first in a number already there', () => {
    expect(after(typing('+233 24 123 4567', 2, '5'))).toMatchObject({
      digits: '5241234567',
      caret: 4,
    });
    const paste = { ...typing('+233 123 4567', 0, '24'), inputType: 'insertFromPaste' };
    expect(after(paste)).toMatchObject({ digits: '241234567', caret: 5 });
  });

  it('replaces the digits of the number that the selection holds', () => {
    // '33 24' selected: the 2 and the 4 go, the calling code stays.
    expect(after({ ...typing('+233 24 123', 2, '5'), end: 7 })).toMatchObject({
      digits: '5123',
      caret: 4,
    });
    expect(after(deleting('+233 24 123', 2, 7))).toMatchObject({ digits: '123', caret: 3 });
  });

  it('refuses what would change only the calling code', () => {
    expect(editAroundCode(deleting('+233 24', 4))).toBeNull();
    expect(
      editAroundCode({ ...deleting('+233 24', 2), inputType: 'deleteContentForward' }),
    ).toBeNull();
  });

  it('changes nothing of the number for a key that is not a digit', () => {
    for (const key of ['a', '+', ' ']) {
      expect(after(typing('+233 24', 2, key)), key).toMatchObject({ digits: '24', caret: 3 });
    }
  });

  it('takes a whole international number pasted, there or anywhere', () => {
    for (const at of [1, 7]) {
      const paste = { ...typing('+233 24', at, '+44 7400 123456'), inputType: 'insertFromPaste' };
      expect(after(paste), `at ${at}`).toMatchObject({ country: 'GB', digits: '7400123456' });
    }
  });

  it('replaces everything when everything is selected', () => {
    expect(after({ ...typing('+233 24 123', 0, '0'), end: 11 })).toMatchObject({ digits: '0' });
    expect(after(deleting('+233 24 123', 0, 11))).toMatchObject({ digits: '' });
  });

  it('keeps to 15 digits, calling code included', () => {
    expect(after(typing('+233 24 123 4567 89', 2, '1'))).toMatchObject({
      digits: '124123456789',
      caret: 4,
    });
    expect(editAroundCode(typing('+233 24 123 4567 890', 2, '1'))).toBeNull();
  });
});

describe('an edit after the calling code', () => {
  it('is left to the browser', () => {
    expect(editAroundCode(typing('+233 24', 7, '1'))).toBeUndefined();
    expect(editAroundCode(typing('+233', 4, '2'))).toBeUndefined();
    expect(editAroundCode(deleting('+233 24', 5))).toBeUndefined();
  });

  it('refuses a sixteenth digit', () => {
    expect(editAroundCode(typing('+233 24 123 4567 890', 20, '2'))).toBeNull();
  });
});

describe('any digit typed anywhere', () => {
  it('is taken below 15 digits: where the caret was, or first in the number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,11}$/),
        fc.nat(),
        fc.constantFrom(...'0123456789'),
        (national, position, digit) => {
          const text = national ? `+233 ${national}` : '+233';
          const at = position % (text.length + 1);
          const edit = typing(text, at, digit);
          if (at >= 4) expect(editAroundCode(edit)).toBeUndefined();
          else expect(after(edit)).toEqual({ country: 'GH', digits: digit + national, caret: 4 });
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

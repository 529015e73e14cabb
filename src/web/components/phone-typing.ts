import { mainCountryOf, PHONE_MAX_DIGITS, splitCallingCode } from './phone-countries.ts';

// How the phone input reads what is typed into it, apart from React so that it can be tested
// alone (phone-typing.test.ts). No phone library: the engine formats once it has loaded.

const digitsOf = (text: string) => text.replace(/\D/g, '');
export const digitCount = (text: string) => digitsOf(text).length;

/** What the member has typed: the country (none for +800…), its calling code, the digits after it. */
export interface Typed {
  country: string | undefined;
  callingCode: string;
  digits: string;
}

export const capped = (typed: Typed): Typed => ({
  ...typed,
  digits: typed.digits.slice(0, Math.max(0, PHONE_MAX_DIGITS - typed.callingCode.length)),
});

/** A value handed in ('+233241234567' or ''), kept in the member's country when it is the same code. */
export function typedFromValue(value: string, current: Typed): Typed {
  const split = value ? splitCallingCode(digitsOf(value)) : null;
  if (!split) return { ...current, digits: '' };
  const [callingCode, digits] = split;
  if (callingCode === current.callingCode) return { ...current, digits };
  return { country: mainCountryOf(callingCode), callingCode, digits };
}

/** The input's text: '+44 7911…' names its calling code; digits alone are the country's own. */
export function typedFromText(text: string, current: Typed): Typed {
  const digits = digitsOf(text);
  if (!text.trimStart().startsWith('+')) return capped({ ...current, digits });
  if (digits.startsWith(current.callingCode)) {
    return capped({ ...current, digits: digits.slice(current.callingCode.length) });
  }
  const split = splitCallingCode(digits);
  if (!split) return { ...current, digits: '' };
  return capped({ country: mainCountryOf(split[0]), callingCode: split[0], digits: split[1] });
}

/** Where the caret goes: after this many digits of the text, or at its end. */
export function caretAfterDigits(text: string, digits: number): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i] ?? '')) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/** An edit about to happen (`beforeinput`): the input's text and selection, and what it does. */
export interface PendingEdit {
  text: string;
  start: number;
  end: number;
  /** `InputEvent.inputType`: insertText, insertFromPaste, deleteContentBackward, … */
  inputType: string;
  /** The text it inserts (typed, pasted or dropped); null for a deletion. */
  data: string | null;
}

export type EditPlan =
  /** The browser makes the edit; the change handler reads the text. */
  | { kind: 'browser' }
  | { kind: 'refuse' }
  /** The number's digits after the calling code become these; the caret goes after `caret` digits. */
  | { kind: 'digits'; digits: string; caret: number }
  /** A whole international number ('+44 …') pasted: it replaces what was there. */
  | { kind: 'text'; text: string };

/**
 * The calling code shown at the start ('+233') is not edited in place (the country picker
 * changes it), but a tap easily puts the caret inside it: an edit that starts there is made on
 * the number after it instead, never refused for the caret's sake (issue 29). Digits typed
 * or pasted there go first in the number, the caret after them; a deletion there removes only
 * the number's digits it selects. E.164 holds at most 15 digits: one more is refused before
 * it reaches the input, unless the whole text is being replaced.
 */
export function planEdit({ text, start, end, inputType, data }: PendingEdit): EditPlan {
  const insert = inputType.startsWith('insert');
  const prefix = /^\+(\d+)/.exec(text);
  const whole = start === 0 && end === text.length;
  if (whole || !prefix || !(insert || inputType.startsWith('delete'))) return { kind: 'browser' };

  const added = insert ? digitsOf(data ?? '') : '';
  const from = start === end && inputType === 'deleteContentBackward' ? start - 1 : start;
  if (from >= prefix[0].length) {
    const kept = digitCount(text.slice(0, start) + text.slice(end));
    return added.length > 0 && kept + added.length > PHONE_MAX_DIGITS
      ? { kind: 'refuse' }
      : { kind: 'browser' };
  }

  const callingCode = prefix[1]!;
  if (insert && data?.trimStart().startsWith('+')) return { kind: 'text', text: data };
  const national = digitsOf(text).slice(callingCode.length);
  // The number's digits after the selection (a selection inside '+233' holds none of them).
  const after = national.slice(Math.max(0, digitCount(text.slice(0, end)) - callingCode.length));
  if (insert) {
    const kept = callingCode.length + after.length;
    if (added.length === 0 || kept + added.length > PHONE_MAX_DIGITS) return { kind: 'refuse' };
    return { kind: 'digits', digits: added + after, caret: callingCode.length + added.length };
  }
  if (after.length === national.length) return { kind: 'refuse' };
  return { kind: 'digits', digits: after, caret: callingCode.length };
}

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
  /** The text it inserts (typed, pasted or dropped); '' for a deletion. */
  data: string;
}

/**
 * The calling code shown at the start ('+233') is not edited in place (the country picker
 * changes it), but a tap easily puts the caret inside it: an edit that starts there is made
 * just after it instead, never refused for the caret's sake (issue 29). What it inserts goes
 * first in the number; what it deletes there is only the number's part of the selection. A
 * whole international number pasted anywhere replaces the text. E.164 holds at most 15
 * digits: one more is refused before it reaches the input.
 *
 * Undefined: the browser makes the edit. Null: refused. Otherwise the text the input reads
 * instead, the caret after `at` of its characters.
 */
export function editAroundCode({ text, start, end, inputType, data }: PendingEdit) {
  if (!/^(insert|delete)/.test(inputType)) return;
  if (/^\s*\+\d/.test(data)) return { text: data, at: data.length };
  const code = /^\+\d+/.exec(text)?.[0].length ?? 0;
  const inCode =
    (start === end && inputType === 'deleteContentBackward' ? start - 1 : start) < code;
  const at = inCode ? code : start;
  const next = text.slice(0, at) + data + text.slice(Math.max(end, at));
  if (digitCount(next) > PHONE_MAX_DIGITS) return null;
  if (inCode) return next === text ? null : { text: next, at: at + data.length };
}

import { describe, expect, it } from 'vitest';
import { inTwi } from './testing/in-twi.ts';
import { ensureTwiPlural } from './plural-rules.ts';
import { ruleText, weekdayNames } from './recurring.ts';

// A recurring gift's rule in words (the list, the stop dialog, the due-day mail and SMS), in
// the reader's language (decision 043): the catalogue's words, not Intl (browsers may have no
// `ak` data).

describe('ruleText', () => {
  it('reads as the product spec says in English', () => {
    expect(ruleText('weekly', 0)).toBe('Every Sunday');
    expect(ruleText('weekly', 6)).toBe('Every Saturday');
    expect(ruleText('weekly', 3, true)).toBe('every Wednesday');
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28];
    expect(days.map((day) => ruleText('monthly', day))).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '28th'].map(
        (d) => `Every month on the ${d}`,
      ),
    );
    expect(ruleText('monthly', 5, true)).toBe('every month on the 5th');
  });

  it('reads in Twi for a Twi reader, without the engine’s ak data', () => {
    ensureTwiPlural();
    expect(inTwi(() => weekdayNames())).toEqual([
      'Kwasiada',
      'Dwoada',
      'Benada',
      'Wukuada',
      'Yawoada',
      'Fiada',
      'Memeneda',
    ]);
    expect(inTwi(() => ruleText('weekly', 0))).toBe('Kwasiada biara');
    expect(inTwi(() => ruleText('weekly', 5, true))).toBe('Fiada biara');
    expect(inTwi(() => ruleText('monthly', 1))).toBe('Bosome biara da a ɛtɔ so 1');
    expect(inTwi(() => ruleText('monthly', 22, true))).toBe('bosome biara da a ɛtɔ so 22');
    expect(weekdayNames()[0]).toBe('Sunday');
  });
});

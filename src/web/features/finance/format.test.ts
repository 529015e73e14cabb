import { describe, expect, it } from 'vitest';
import { formatMonth } from './format.ts';

describe('formatMonth', () => {
  it('writes the whole year, so a month never reads as a day ("Nov 26")', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2027-01')).toBe('Jan 2027');
  });
});

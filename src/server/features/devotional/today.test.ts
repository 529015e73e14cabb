import { describe, expect, it } from 'vitest';
import { isoWeekAndDay } from './devotional.service.ts';

// Today's devotional on channels without the week list (USSD): ISO week, Monday 1.
describe('isoWeekAndDay', () => {
  it.each([
    ['2026-11-26', 48, 4], // a Thursday
    ['2026-11-29', 48, 7], // Sunday ends the week
    ['2026-11-30', 49, 1],
    ['2027-01-01', 53, 5], // 2026 has 53 ISO weeks
    ['2025-12-29', 1, 1], // already week 1 of 2026
  ])('%s is week %i, day %i', (date, week, day) => {
    expect(isoWeekAndDay(new Date(`${date}T12:00:00Z`))).toEqual({ week, day });
  });
});

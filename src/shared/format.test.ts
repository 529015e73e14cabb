import { describe, expect, it } from 'vitest';
import { dateFormat, FORMAT_LOCALE } from './format.ts';
import { formatCedis } from './giving.ts';

describe('amounts and dates (en-GH in every language)', () => {
  it('formats a date in en-GH, in Ghana time', () => {
    const at = new Date('2026-11-27T23:30:00Z');
    const format = dateFormat({
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(format.resolvedOptions().locale).toBe(FORMAT_LOCALE);
    expect(format.resolvedOptions().timeZone).toBe('UTC');
    expect(format.format(at)).toBe(
      new Intl.DateTimeFormat('en-GH', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      }).format(at),
    );
  });

  it('formats amounts with formatCedis', () => {
    expect(formatCedis(123456789)).toBe('1,234,567.89');
  });
});

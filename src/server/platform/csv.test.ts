import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { LINE_BREAKS, OWASP_PAYLOADS, liveFormulas } from '../testing/csv-injection.ts';
import { toCsv } from './csv.ts';

describe('the CSV writer', () => {
  const cells = OWASP_PAYLOADS.flatMap((payload) => [
    payload,
    ...LINE_BREAKS.map((br) => `Ama${br}${payload}`),
    `Ama Mensah${LINE_BREAKS.join('')}${payload}`,
  ]);

  it('leaves no line of any cell able to start a formula', () => {
    const csv = toCsv(
      ['name', 'amount'],
      cells.map((c) => [c, 40]),
    );
    expect(liveFormulas(csv)).toEqual([]);
  });

  it('keeps what was typed: one row a cell, the text back once the apostrophes are taken off', () => {
    const csv = toCsv(
      ['name', 'amount'],
      cells.map((c) => [c, 40]),
    );
    const rows = Papa.parse<string[]>(csv, { newline: '\r\n' }).data.slice(1);
    expect(rows).toHaveLength(cells.length);
    rows.forEach(([name, amount], i) => {
      expect(amount).toBe('40');
      expect(name!.replace(/(^|\r\n|[\n\r\v\f\u0085\u2028\u2029])'/g, '$1')).toBe(cells[i]);
    });
  });

  it('writes plain cells plainly, and numbers as numbers', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['2026-01', 'Grace', -5],
          ['x,y', 'say "hi"', 1.5],
        ],
      ),
    ).toBe('a,b,c\r\n2026-01,Grace,-5\r\n"x,y","say ""hi""",1.5');
  });
});

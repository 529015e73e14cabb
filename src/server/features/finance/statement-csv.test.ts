import { describe, expect, it } from 'vitest';
import {
  bankCodesIn,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  readStatementCsv,
} from './statement-csv.ts';

describe('parseStatementAmount', () => {
  it('reads amounts as banks write them, in exact pesewas', () => {
    expect(parseStatementAmount('100')).toBe(10000);
    expect(parseStatementAmount('1,250.50')).toBe(125050);
    expect(parseStatementAmount('GHS 40.00')).toBe(4000);
    expect(parseStatementAmount('GH₵ 0.10')).toBe(10);
    expect(parseStatementAmount('20.00 CR')).toBe(2000);
    expect(parseStatementAmount('20.00 DR')).toBe(-2000);
    expect(parseStatementAmount('(20.00)')).toBe(-2000);
    expect(parseStatementAmount('-5')).toBe(-500);
    expect(parseStatementAmount('')).toBe('empty');
    expect(parseStatementAmount('-')).toBe('empty');
  });

  it('refuses what is not a number', () => {
    for (const bad of ['12.3.4', 'twelve', '1,25.00', '10.005', '1e3', '$5', '12,', 'NaN']) {
      expect(parseStatementAmount(bad), bad).toBeNull();
    }
  });
});

describe('parseStatementDate', () => {
  it('reads ISO and day-first dates', () => {
    expect(parseStatementDate('2026-01-31')).toBe('2026-01-31');
    expect(parseStatementDate('2026-01-31 10:22:00')).toBe('2026-01-31');
    expect(parseStatementDate('02/01/2026')).toBe('2026-01-02');
    expect(parseStatementDate('2-1-26')).toBe('2026-01-02');
    expect(parseStatementDate('02.01.2026')).toBe('2026-01-02');
    expect(parseStatementDate('02-Jan-2026')).toBe('2026-01-02');
    expect(parseStatementDate('2 January 2026')).toBe('2026-01-02');
  });

  it('refuses dates that do not exist', () => {
    for (const bad of ['32/01/2026', '29/02/2026', '2026-13-01', 'yesterday', '01/2026', '']) {
      expect(parseStatementDate(bad), bad).toBeNull();
    }
  });
});

describe('bankCodesIn', () => {
  it('finds BT- codes however the bank writes them, each once', () => {
    expect(bankCodesIn('TRF BT-12345 KOFI')).toEqual(['BT-12345']);
    expect(bankCodesIn('bt 12345 / BT12345')).toEqual(['BT-12345']);
    expect(bankCodesIn('BT-12345 and BT-54321')).toEqual(['BT-12345', 'BT-54321']);
    expect(bankCodesIn('DEBT-12345 BT-123456 ABT12345')).toEqual([]);
  });
});

describe('readStatement', () => {
  const mapping = { dateColumn: 'Date', descriptionColumn: 'Details', amountColumn: 'Credit' };

  it('skips the preamble, debits and blank amounts; reports bad lines by their line number', () => {
    const csv = [
      'Prudential Bank',
      'Statement for 0000000000000',
      '',
      'date,details,debit,credit',
      '02/01/2026,"TRF BT-12345, KOFI",,100.00',
      '03/01/2026,CHARGES,5.00,',
      '04/01/2026,BROKEN,,1..0',
    ].join('\r\n');
    const read = readStatement(csv, 'prudential', mapping);
    expect(read.total).toBe(3);
    expect(read.skipped).toBe(1);
    expect(read.errors).toEqual([{ line: 7, message: 'The amount “1..0” is not a number.' }]);
    expect(read.lines).toEqual([
      {
        line: 5,
        bookedOn: '2026-01-02',
        description: 'TRF BT-12345, KOFI',
        amount: 10000,
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
  });

  it('gives identical lines different fingerprints, the same in every file', () => {
    const line = '02/01/2026,OFFERING,10.00';
    const a = readStatement(`Date,Details,Credit\n${line}\n${line}\n`, 'fidelity', mapping);
    const b = readStatement(
      `Date,Details,Credit\n${line}\n${line}\n${line}\n`,
      'fidelity',
      mapping,
    );
    expect(a.lines[0]!.fingerprint).not.toBe(a.lines[1]!.fingerprint);
    expect(b.lines.slice(0, 2).map((l) => l.fingerprint)).toEqual(
      a.lines.map((l) => l.fingerprint),
    );
    // Another bank's identical line is another line.
    const other = readStatement(`Date,Details,Credit\n${line}\n`, 'prudential', mapping);
    expect(other.lines[0]!.fingerprint).not.toBe(a.lines[0]!.fingerprint);
  });

  it('names the missing columns', () => {
    expect(() => readStatementCsv('When,What,How much\n1,2,3\n', mapping)).toThrow(
      'This file has no column named “Date”, “Details”, “Credit”. Check the columns for this bank.',
    );
    expect(() => readStatementCsv('', mapping)).toThrow('The file is empty.');
  });

  it('reads semicolon-separated exports too', () => {
    const read = readStatement('Date;Details;Credit\n2026-02-01;BT-00001;5,00\n', 'fidelity', {
      ...mapping,
    });
    // "5,00" is not a GHS amount (decimal comma): reported, not guessed.
    expect(read.errors).toEqual([{ line: 2, message: 'The amount “5,00” is not a number.' }]);
  });
});

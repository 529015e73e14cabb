import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { formatCount } from '../../../shared/format.ts';
import { toPesewas } from '../../../shared/schemas/giving.ts';
import type { BankMapping } from '../../../shared/schemas/finance.ts';
import { m } from '../../../paraglide/messages.js';

// Reading a bank's statement export (CSV). Banks put a few lines about the account above the
// header, name their columns as they like, write amounts as "1,250.00", "GHS 40.00",
// "(20.00)" or "20.00 DR", and dates day first. Pure functions: tested on their own.

export const MAX_STATEMENT_LINES = 10_000;

/** The header row is among the first lines; what is above it is the bank's preamble. */
const HEADER_SEARCH_ROWS = 30;

export interface StatementTable {
  columns: string[];
  /** Data rows after the header; `line` is the row's number in the file (1-based). */
  records: { line: number; values: Record<string, string> }[];
}

export class StatementError extends Error {
  readonly code: 'EMPTY' | 'NO_HEADER' | 'TOO_MANY_LINES';
  readonly columns: string[];
  constructor(code: StatementError['code'], message: string, columns: string[] = []) {
    super(message);
    this.code = code;
    this.columns = columns;
  }
}

const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Splits the file into rows and finds the header: the first row holding every mapped column
 * (or, without a mapping, the first row with at least three named cells).
 */
export function readStatementCsv(text: string, mapping?: BankMapping): StatementTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimiter: '',
  });
  // Blank rows are dropped, but each row keeps its line number in the file.
  const rows = parsed.data
    .map((row, i) => ({ line: i + 1, cells: row.map(clean) }))
    .filter((row) => row.cells.some(Boolean));
  if (rows.length === 0) throw new StatementError('EMPTY', m.server_finance_file_empty());

  const wanted = mapping
    ? [mapping.dateColumn, mapping.descriptionColumn, mapping.amountColumn]
    : undefined;
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  const headerIndex = top.findIndex(({ cells }) =>
    wanted
      ? wanted.every((name) => cells.some((cell) => cell.toLowerCase() === name.toLowerCase()))
      : cells.filter(Boolean).length >= 3,
  );
  if (headerIndex < 0) {
    const guess = top.find(({ cells }) => cells.filter(Boolean).length >= 3);
    const columns = (guess ?? rows[0]!).cells.filter(Boolean);
    const missing = wanted?.filter(
      (name) => !columns.some((c) => c.toLowerCase() === name.toLowerCase()),
    );
    throw new StatementError(
      'NO_HEADER',
      missing && missing.length > 0
        ? m.server_finance_no_column({ names: missing.map((name) => `“${name}”`).join(', ') })
        : m.server_finance_no_header(),
      columns,
    );
  }

  const header = rows[headerIndex]!.cells;
  const dataRows = rows.slice(headerIndex + 1);
  if (dataRows.length > MAX_STATEMENT_LINES) {
    throw new StatementError(
      'TOO_MANY_LINES',
      m.server_finance_too_many_lines({ max: formatCount(MAX_STATEMENT_LINES) }),
    );
  }
  return {
    columns: header.filter(Boolean),
    records: dataRows.map(({ line, cells }) => ({
      line,
      values: Object.fromEntries(header.map((name, j) => [name.toLowerCase(), cells[j] ?? ''])),
    })),
  };
}

/** A statement amount in signed pesewas, 'empty' for a blank cell, null when unreadable. */
export function parseStatementAmount(raw: string): number | 'empty' | null {
  let text = raw.trim();
  if (text === '' || text === '-') return 'empty';
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/\s*(GHS|GH₵|GH¢|₵|CEDIS?)\s*/gi, '').trim();
  if (/\s*DR\.?$/i.test(text)) {
    negative = true;
    text = text.replace(/\s*DR\.?$/i, '');
  }
  text = text.replace(/\s*CR\.?$/i, '').trim();
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) {
    text = text.slice(1).trim();
  }
  if (!/^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(text)) return null;
  const pesewas = toPesewas(text);
  if (pesewas === null) return null;
  return negative ? -pesewas : pesewas;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * A statement date as YYYY-MM-DD, or null. ISO dates, and day-first dates as Ghanaian banks
 * write them: 02/01/2026, 02-01-2026, 02.01.26, 02-Jan-2026, 2 January 2026.
 */
export function parseStatementDate(raw: string): string | null {
  const text = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) return isoDate(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s/-]([A-Za-z]{3,9})[\s/,-]+(\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month > 0) return isoDate(fullYear(m[3]!), month, Number(m[1]));
  }
  return null;
}

/** The BT- codes in a description ("BT-12345", "bt 12345", "BT12345"), normalised. */
export function bankCodesIn(description: string): string[] {
  const codes = new Set<string>();
  for (const match of description.matchAll(/(?<![A-Za-z0-9])BT[-\s]?(\d{5})(?!\d)/gi)) {
    codes.add(`BT-${match[1]}`);
  }
  return [...codes];
}

export interface StatementLine {
  line: number;
  bookedOn: string;
  description: string;
  /** pesewas, > 0 */
  amount: number;
  fingerprint: string;
}

export interface ReadStatement {
  columns: string[];
  lines: StatementLine[];
  /** Data rows read. */
  total: number;
  /** Debits and blank amounts. */
  skipped: number;
  errors: { line: number; message: string }[];
}

/**
 * The credit lines of a statement with their fingerprints. Identical lines in one file
 * (the same day, description and amount twice) are both kept: the second gets another
 * fingerprint, so a later export holding both imports neither again.
 */
export function readStatement(text: string, bank: string, mapping: BankMapping): ReadStatement {
  const table = readStatementCsv(text, mapping);
  const key = (name: string) => name.toLowerCase();
  const lines: StatementLine[] = [];
  const errors: ReadStatement['errors'] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  for (const { line, values } of table.records) {
    const rawDate = values[key(mapping.dateColumn)] ?? '';
    const rawAmount = values[key(mapping.amountColumn)] ?? '';
    const description = (values[key(mapping.descriptionColumn)] ?? '').replace(/\s+/g, ' ').trim();
    const amount = parseStatementAmount(rawAmount);
    if (amount === 'empty' || (typeof amount === 'number' && amount <= 0)) {
      skipped++;
      continue;
    }
    if (amount === null) {
      errors.push({
        line,
        message: m.server_finance_bad_amount({ value: rawAmount.slice(0, 40) }),
      });
      continue;
    }
    const bookedOn = parseStatementDate(rawDate);
    if (!bookedOn) {
      errors.push({ line, message: m.server_finance_bad_date({ value: rawDate.slice(0, 40) }) });
      continue;
    }
    const identity = `${bank}|${bookedOn}|${description.toUpperCase()}|${amount}`;
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    const fingerprint = createHash('sha256').update(`${identity}|${occurrence}`).digest('hex');
    lines.push({ line, bookedOn, description: description.slice(0, 500), amount, fingerprint });
  }
  return { columns: table.columns, lines, total: table.records.length, skipped, errors };
}

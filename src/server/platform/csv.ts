// The one CSV writer for every CSV Flock writes (finance exports today). A spreadsheet runs a
// cell as a formula when it starts with = + - @ (or their full-width forms), or with a tab or
// carriage return (OWASP, "CSV Injection"). A cell may hold several lines, and spreadsheets do
// not agree on where a line ends: LibreOffice Calc also ends one at U+2028 and U+2029, even
// inside quotes. So every line of every text cell is checked, after any line break a reader
// may see, and one that could start a formula gets a leading apostrophe (shown as text,
// nothing run). Numbers are written as they are.

/** Everything some reader treats as the end of a line. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * A line a spreadsheet could read as a formula: its first character, after any spaces a
 * reader may trim, is a formula sign; or it starts with a tab or carriage return.
 */
const FORMULA_START =
  /^(?:[\t\r]|[\s\u00A0\u2000-\u200B\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Splits a cell at every line break, keeping the breaks, and defuses each line. */
export function defuseCell(text: string): string {
  const parts = text.split(new RegExp(`(${LINE_BREAK.source})`));
  return parts
    .map((part, i) => (i % 2 === 0 && FORMULA_START.test(part) ? `'${part}` : part))
    .join('');
}

const NEEDS_QUOTES = /[",;\r\n\t\v\f\u0085\u2028\u2029]|^\s|\s$/;

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = defuseCell(value);
  return NEEDS_QUOTES.test(text) || text !== value ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file: a header row and the data, lines ended by CRLF (RFC 4180). */
export function toCsv(
  fields: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [fields, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
}

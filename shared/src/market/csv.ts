/**
 * CSV that opens cleanly in a French Excel: UTF-8 with a byte-order mark (so accents survive),
 * `;` between fields (the comma is the decimal separator), decimal commas, no thousands separator
 * (Excel would read `1 234` as text), CRLF line ends, quotes only where a field needs them, and no
 * cell a spreadsheet would run as a formula. Every CSV export writes its lines here.
 */
export const CSV_BOM = '\ufeff';

export type CsvCell = string | number | null | undefined;

/** `1234.5` → `1234,5`; integers stay plain; at most `decimals` decimals, trailing zeros dropped. */
export function csvNumber(n: number, decimals = 2): string {
  if (!Number.isFinite(n)) return '';
  const fixed = n.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed.replace('.', ',');
}

/**
 * A text that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+1`, `-2+3`, `@SUM(…)`, a
 * leading tab or carriage return): listing titles, notes and labels come from third-party pages,
 * feeds and users, so such a cell gets a leading apostrophe, which Excel and LibreOffice read as
 * « this is text » (OWASP's rule). A cell that is exactly a number (`-1,5`, the longitude of a
 * point west of Greenwich) runs nothing and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-\d+(,\d+)?$/;

export function csvText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? csvNumber(value) : csvText(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

/**
 * CSV that opens cleanly in a French Excel: UTF-8 with a byte-order mark (so accents survive),
 * `;` between fields (the comma is the decimal separator), decimal commas, no thousands separator
 * (Excel would read `1 234` as text), CRLF line ends, quotes only where a field needs them.
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

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? csvNumber(value) : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

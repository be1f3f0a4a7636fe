/**
 * What the CSV exports' tests write into a title to check that no cell reaches a spreadsheet as a
 * formula (OWASP's CSV injection), and how they read the file back.
 */
export const HYPERLINK = '=HYPERLINK("http://x","y")';
export const SUM = '=1+1';

/** The cells of a `;` CSV with `"` quoting (quoted line breaks included), line by line. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The cells a spreadsheet would run: starting with = + - @ tab or CR, and not a plain number. */
export function formulaCells(text: string): string[] {
  return csvRows(text)
    .flat()
    .filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-\d+(,\d+)?$/.test(c));
}

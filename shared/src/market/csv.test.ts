import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvNumber } from './csv.js';

describe('French Excel CSV', () => {
  it('writes decimal commas without thousands separators', () => {
    expect(csvNumber(188000)).toBe('188000');
    expect(csvNumber(3481.481481)).toBe('3481,48');
    expect(csvNumber(54.5)).toBe('54,5');
    expect(csvNumber(Number.NaN)).toBe('');
  });

  it('quotes only the fields that need it', () => {
    expect(csvCell('139 AV CARNOT')).toBe('139 AV CARNOT');
    expect(csvCell('Maison; jardin')).toBe('"Maison; jardin"');
    expect(csvCell('dit "le moulin"')).toBe('"dit ""le moulin"""');
    expect(csvCell(null)).toBe('');
  });

  it('separates with ; and ends lines with CRLF, after a BOM', () => {
    expect(csvLine(['03/01/2022', 188000, 54, null])).toBe('03/01/2022;188000;54;\r\n');
    expect(CSV_BOM).toBe('\ufeff');
  });

  it('neutralises the cells a spreadsheet would run as a formula (OWASP)', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 1 23 45 67 89')).toBe("'+33 1 23 45 67 89");
    expect(csvCell('-2+3+cmd')).toBe("'-2+3+cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    // Not at the start, or a plain negative number: nothing to run.
    expect(csvCell('Maison = bonne affaire')).toBe('Maison = bonne affaire');
    expect(csvCell('-1,772534')).toBe('-1,772534');
    expect(csvCell(-1.5)).toBe('-1,5');
    expect(csvLine([csvNumber(-1.772534, 6), '=1+1'])).toBe("-1,772534;'=1+1\r\n");
  });
});

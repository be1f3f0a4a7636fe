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
});

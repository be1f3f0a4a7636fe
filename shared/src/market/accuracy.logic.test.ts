import { describe, expect, it } from 'vitest';
import { runSplit } from './accuracy.logic.js';
import type { Candidate } from './comparables.logic.js';

const sale = (id: string, date: string, type: Candidate['type'], pricePerM2: number, surface = 50): Candidate => ({
  id,
  date,
  type,
  surface,
  rooms: null,
  price: pricePerM2 * surface,
  pricePerM2,
  lon: 2.48,
  lat: 48.9,
  insee: '93010',
});

describe('runSplit', () => {
  it('gives business premises their own baseline median instead of NaN', () => {
    const all = [
      ...['01', '02', '03', '04'].map((m) => sale(`a${m}`, `2021-${m}-15`, 'appartement', 3000)),
      ...['05', '06', '07'].map((m) => sale(`l${m}`, `2021-${m}-15`, 'local', 1000)),
      sale('a-test', '2022-03-01', 'appartement', 3300),
      sale('l-test', '2022-03-01', 'local', 1000),
    ];
    const r = runSplit(all, { name: 'test', trainFrom: '2021', testYear: '2022' });
    expect(r.tested).toBe(2);
    expect(r.baselineSameType.n).toBe(2);
    // APE 300/3300 for the flat, 0 for the premises: the median is half the flat's.
    expect(r.baselineSameType.mdape).toBeCloseTo(300 / 3300 / 2, 10);
  });

  it('leaves out of the baseline a type with fewer than 3 training sales', () => {
    const all = [
      ...['01', '02', '03'].map((m) => sale(`a${m}`, `2021-${m}-15`, 'appartement', 3000)),
      sale('l1', '2021-05-15', 'local', 1000),
      sale('a-test', '2022-03-01', 'appartement', 3000),
      sale('l-test', '2022-03-01', 'local', 1000),
    ];
    const r = runSplit(all, { name: 'test', trainFrom: '2021', testYear: '2022' });
    expect(r.baselineSameType).toMatchObject({ n: 1, mdape: 0 });
  });

  it('gives the method’s error on each sale it estimated, whose median is its MdAPE', () => {
    const all = [
      ...['01', '02', '03', '04'].map((m, i) => sale(`a${m}`, `2021-${m}-15`, 'appartement', 3000 + i * 100)),
      sale('t1', '2022-03-01', 'appartement', 3300),
      sale('t2', '2022-04-01', 'appartement', 2900),
    ];
    const r = runSplit(all, { name: 'test', trainFrom: '2021', testYear: '2022' });
    // Comparables at 3 000–3 300 €/m²: median 3 150 €/m², against 3 300 and 2 900.
    expect(r.methodErrors.map((e) => Math.round(e * 10_000))).toEqual([455, 862]);
    expect(r.method.mdape).toBeCloseTo((150 / 3300 + 250 / 2900) / 2, 10);
  });
});

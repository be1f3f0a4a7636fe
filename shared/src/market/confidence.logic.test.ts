import { describe, expect, it } from 'vitest';
import { confidenceLabel, confidenceOf, type MeasuredError } from './confidence.logic.js';

const bondy: MeasuredError = { scope: 'commune', code: '93010', place: 'Bondy', testYear: '2023', n: 230, mdape: 0.14 };
const tight = { count: 8, pricePerM2: { median: 4000, p25: 3700, p75: 4420 } };

describe('confidence figure', () => {
  it('says « moyenne » for a 14 % measured error, with the figure, the sales and the comparables', () => {
    const c = confidenceOf(bondy, tight);
    expect(c).toEqual({ level: 'moyenne', measured: bondy, comparables: 8, spread: 0.18 });
    expect(confidenceLabel(c)).toBe(
      'Fiabilité moyenne — écart médian mesuré 14\u00a0% sur 230 ventes de la commune (Bondy, 2023)\u00a0; 8 comparables, dispersion des prix au m² 18\u00a0%.',
    );
  });

  it('takes the worst of the measured error, the number of comparables and their spread', () => {
    expect(confidenceOf({ ...bondy, mdape: 0.09 }, tight).level).toBe('bonne');
    expect(confidenceOf({ ...bondy, mdape: 0.25 }, tight).level).toBe('faible');
    expect(confidenceOf({ ...bondy, mdape: 0.09 }, { ...tight, count: 4 }).level).toBe('faible');
    expect(confidenceOf({ ...bondy, mdape: 0.09 }, { ...tight, count: 5 }).level).toBe('moyenne');
    expect(confidenceOf({ ...bondy, mdape: 0.09 }, { ...tight, pricePerM2: { median: 4000, p25: 3000, p75: 5200 } }).level).toBe('faible');
    // Not measured: « moyenne » at best.
    expect(confidenceOf(null, tight).level).toBe('moyenne');
  });

  it('names a département or a commune without guessing its article, and says when the error could not be measured', () => {
    const dept: MeasuredError = { scope: 'departement', code: '93', place: 'Seine-Saint-Denis', testYear: '2023', n: 1234, mdape: 0.16 };
    expect(confidenceLabel(confidenceOf(dept, tight))).toMatch(/sur 1\u202f234 ventes du département \(Seine-Saint-Denis, 93, 2023\)/);
    expect(confidenceLabel(confidenceOf({ ...bondy, place: 'Le Havre' }, tight))).toMatch(/ventes de la commune \(Le Havre, 2023\)/);
    expect(confidenceLabel(confidenceOf(null, { ...tight, count: 1 }))).toBe(
      'Fiabilité faible — écart non mesuré, faute de ventes antérieures assez nombreuses dans la commune et son département\u00a0; 1 comparable, dispersion des prix au m² 18\u00a0%.',
    );
  });
});

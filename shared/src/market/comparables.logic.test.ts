import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M } from '../constants.js';
import {
  type Candidate,
  DEFAULT_COMPARABLES_OPTIONS,
  editComparables,
  estimateValue,
  monthsBefore,
  monthsWindowStart,
  type Subject,
  selectComparables,
  staleDataNote,
} from './comparables.logic.js';
import { periodEndingAt } from './period.logic.js';

/** Metres of latitude per degree on the 6 371 008.8 m sphere. */
const M_PER_DEG = (Math.PI / 180) * EARTH_RADIUS_M;
const subject: Subject = { type: 'appartement', surface: 50, rooms: 2, lon: -1.77, lat: 43.36, insee: '64260' };

let n = 0;
/** A matching flat `northM` metres north of the subject, sold on `date` at `pricePerM2`. */
function sale(northM: number, over: Partial<Candidate> = {}): Candidate {
  n += 1;
  const surface = over.surface ?? 50;
  const pricePerM2 = over.pricePerM2 ?? 4000;
  return {
    id: `s${n}`,
    date: '2022-06-01',
    type: 'appartement',
    surface,
    rooms: 2,
    price: pricePerM2 * surface,
    pricePerM2,
    lon: subject.lon,
    lat: subject.lat + northM / M_PER_DEG,
    insee: '64260',
    ...over,
  };
}

describe('period arithmetic', () => {
  it('goes back calendar months, clamping the day', () => {
    expect(monthsBefore('2023-01-15', 24)).toBe('2021-01-15');
    expect(monthsBefore('2023-03-31', 1)).toBe('2023-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2023-01-31', 13)).toBe('2021-12-31');
  });

  it('starts a window of months the day after, like the periods of the other tools', () => {
    // « 12 mois » to 30/12/2022: 365 days, as « 1 an » of the transactions (31/12/2021–30/12/2022).
    expect(monthsWindowStart('2022-12-30', 12)).toBe('2021-12-31');
    expect(periodEndingAt('2022-12-30', 1).from).toBe(monthsWindowStart('2022-12-30', 12));
    expect(monthsWindowStart('2023-03-31', 1)).toBe('2023-03-01');
    expect(monthsWindowStart('2024-02-29', 12)).toBe('2023-03-01');
    expect(monthsWindowStart('2023-01-31', 1)).toBe('2023-01-01');
  });
});

describe('comparable selection', () => {
  const asOf = '2023-01-15';

  it('widens 500 m → 1 km → 2 km until 5 comparables, recording each step', () => {
    const candidates = [sale(100), sale(400), sale(700), sale(900), sale(1500), sale(2500)];
    const s = selectComparables(subject, candidates, asOf);
    expect(s.steps).toEqual([
      { radiusM: 500, months: 24, found: 2 },
      { radiusM: 1000, months: 24, found: 4 },
      { radiusM: 2000, months: 24, found: 5 },
    ]);
    expect(s.used).toEqual({ radiusM: 2000, months: 24, from: '2021-01-16', to: asOf });
    expect(s.comparables.map((c) => Math.round(c.distanceM))).toEqual([100, 400, 700, 900, 1500]);
  });

  it('applies type, surface ±20 %, rooms ±1, and ignores sales after the reference date', () => {
    const ok = [sale(10, { surface: 40 }), sale(20, { surface: 60 }), sale(30, { rooms: 1 }), sale(40, { rooms: 3 })];
    const ko = [
      sale(50, { surface: 39.9 }),
      sale(60, { surface: 60.1 }),
      sale(70, { rooms: 4 }),
      sale(80, { rooms: null }),
      sale(90, { type: 'maison' }),
      sale(95, { date: '2023-01-16' }),
    ];
    const s = selectComparables(subject, [...ok, ...ko], asOf);
    expect(s.comparables.map((c) => c.id).sort()).toEqual(ok.map((c) => c.id).sort());
  });

  it('has no rooms criterion when the subject’s rooms are unknown', () => {
    const s = selectComparables({ ...subject, rooms: null }, [sale(10, { rooms: 5 }), sale(20, { rooms: null })], asOf);
    expect(s.comparables).toHaveLength(2);
  });

  it('has no rooms criterion for shops and offices (DVF gives them 0 rooms)', () => {
    const shops = [sale(10, { type: 'local', rooms: 0 }), sale(20, { type: 'local', rooms: null })];
    expect(selectComparables({ ...subject, type: 'local', rooms: 3 }, shops, asOf).comparables).toHaveLength(2);
  });

  it('then takes the commune, then 36 and 60 months', () => {
    const candidates = [
      sale(300),
      sale(5000), // same commune, far: found at the commune step
      sale(6000, { insee: '64024' }), // another commune, far: never
      sale(1000, { date: '2020-06-01' }), // 31 months old: 36-month step
      sale(1200, { date: '2018-06-01' }), // 55 months old: 60-month step
      sale(1300, { date: '2017-06-01' }), // 67 months old: never
    ];
    const s = selectComparables(subject, candidates, asOf);
    expect(s.steps.map((st) => [st.radiusM, st.months, st.found])).toEqual([
      [500, 24, 1],
      [1000, 24, 1],
      [2000, 24, 1],
      [null, 24, 2],
      [null, 36, 3],
      [null, 60, 4],
    ]);
    expect(s.used).toMatchObject({ radiusM: null, months: 60, from: '2018-01-16' });
  });

  it('keeps at most 8, the nearest first then the newest', () => {
    const candidates = Array.from({ length: 12 }, (_, i) => sale(20 * (12 - i)));
    candidates.push(sale(20, { date: '2022-12-01' }));
    const s = selectComparables(subject, candidates, asOf);
    expect(s.steps).toHaveLength(1);
    expect(s.steps[0]?.found).toBe(13);
    expect(s.comparables).toHaveLength(DEFAULT_COMPARABLES_OPTIONS.max);
    expect(s.comparables[0]?.date).toBe('2022-12-01');
    expect(s.comparables.map((c) => Math.round(c.distanceM))).toEqual([20, 20, 40, 60, 80, 100, 120, 140]);
  });
});

describe('estimate', () => {
  const five = [3000, 3200, 3400, 3600, 4000].map((pricePerM2) => sale(100, { pricePerM2 }));

  it('is the median €/m² × surface, with the P25–P75 range', () => {
    // Median 3 400 × 50 = 170 000; P25 (h = 1) 3 200 × 50; P75 (h = 3) 3 600 × 50.
    expect(estimateValue(50, five)).toEqual({
      count: 5,
      pricePerM2: { median: 3400, p25: 3200, p75: 3600 },
      value: 170_000,
      low: 160_000,
      high: 180_000,
    });
  });

  it('is recomputed when the agent removes or adds a comparable', () => {
    const withoutTop = editComparables(five, [five[4]?.id ?? ''], []);
    // 3 000, 3 200, 3 400, 3 600: median 3 300, P25 (h = 0.75) 3 150, P75 (h = 2.25) 3 450.
    expect(estimateValue(50, withoutTop)).toMatchObject({ count: 4, value: 165_000, low: 157_500, high: 172_500 });
    const extra = sale(100, { pricePerM2: 5000 });
    const added = editComparables(five, [], [extra, extra]);
    // 3 000 … 4 000, 5 000: median 3 500 (h = 2.5).
    expect(estimateValue(50, added)).toMatchObject({ count: 6, value: 175_000 });
  });

  it('never estimates on fewer than 3 comparables', () => {
    expect(estimateValue(50, five.slice(0, 2))).toBeNull();
    expect(estimateValue(50, five.slice(0, 3))).not.toBeNull();
  });

  it('rounds the value half up to the euro', () => {
    // 3 001 × 50.5 = 151 550.5 → 151 551 (half up, not half even).
    const three = [3000, 3001, 3002].map((pricePerM2) => sale(1, { pricePerM2 }));
    expect(estimateValue(50.5, three)?.value).toBe(151_551);
  });
});

describe('staleDataNote', () => {
  it('speaks when the newest sale is more than a year older than the opinion', () => {
    expect(staleDataNote('2022-12-30', '2026-11-26')).toMatch(/^Les ventes de référence s’arrêtent au 30\/12\/2022/);
    expect(staleDataNote('2025-12-30', '2026-11-26')).toBeNull();
    expect(staleDataNote('2025-11-26', '2026-11-26T10:00:00.000Z')).toBeNull();
    expect(staleDataNote('2025-11-25', '2026-11-26')).not.toBeNull();
  });
});

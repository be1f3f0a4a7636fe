import { describe, expect, it } from 'vitest';
import {
  histogram,
  mean,
  monthlySummaries,
  monthsBetween,
  NOT_ENOUGH_SALES,
  niceWidthAtLeast,
  quantile,
  quantileSorted,
  summarize,
} from './stats.logic.js';

describe('quantiles as PostgreSQL percentile_cont', () => {
  it('interpolates linearly between closest ranks', () => {
    // h = (4 − 1) × p: 0.75 → 1 + 0.75 × 1; 1.5 → 2.5; 2.25 → 3 + 0.25 × 1.
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([4000, 3000, 5000], 0.5)).toBe(4000);
    // Decimal interpolation: 0.1 + 0.2 × (0.3 − 0.1) is exactly 0.14, not 0.14000000000000001.
    expect(quantileSorted([0.1, 0.3], 0.2)).toBe(0.14);
  });

  it('refuses an empty list or a p outside 0–1', () => {
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], 1.5)).toThrow(RangeError);
  });

  it('sums in decimal for the mean', () => {
    expect(mean([0.1, 0.2])).toBe(0.15);
    expect(mean([1000, 1000, 1001])).toBeCloseTo(1000.3333333, 6);
  });
});

describe('summaries and the < 3 rule', () => {
  it('gives count, median, mean, Q1 and Q3 to the cent', () => {
    expect(summarize([5000, 3000, 4000])).toEqual({ count: 3, median: 4000, mean: 4000, q1: 3500, q3: 4500 });
    // Mean 3 001 / 3 = 1 000.333… → 1 000.33; Q1: h = 0.5 → 1 000; Q3: h = 1.5 → 1 000.5.
    expect(summarize([1000, 1000, 1001])).toEqual({ count: 3, median: 1000, mean: 1000.33, q1: 1000, q3: 1000.5 });
  });

  it('shows no figure under 3 sales, only the count', () => {
    expect(summarize([3000, 4000])).toEqual({ count: 2, median: null, mean: null, q1: null, q3: null });
    expect(summarize([])).toEqual({ count: 0, median: null, mean: null, q1: null, q3: null });
    expect(NOT_ENOUGH_SALES).toBe('Pas assez de ventes');
  });
});

describe('monthly trend', () => {
  it('lists every month of the period, across a year end', () => {
    expect(monthsBetween('2021-11-15', '2022-02-01')).toEqual(['2021-11', '2021-12', '2022-01', '2022-02']);
  });

  it('summarises each month, hiding months under 3 sales', () => {
    const sales = [
      { date: '2022-01-05', pricePerM2: 3000 },
      { date: '2022-01-20', pricePerM2: 3600 },
      { date: '2022-01-31', pricePerM2: 3300 },
      { date: '2022-02-10', pricePerM2: 9000 },
    ];
    expect(monthlySummaries(sales, '2022-01-01', '2022-03-31')).toEqual([
      { month: '2022-01', count: 3, median: 3300, mean: 3300, q1: 3150, q3: 3450 },
      { month: '2022-02', count: 1, median: null, mean: null, q1: null, q3: null },
      { month: '2022-03', count: 0, median: null, mean: null, q1: null, q3: null },
    ]);
  });
});

describe('10-bin histogram', () => {
  it('picks nice widths', () => {
    expect(niceWidthAtLeast(637.5)).toBe(1000);
    expect(niceWidthAtLeast(101)).toBe(200);
    expect(niceWidthAtLeast(250)).toBe(250);
    expect(niceWidthAtLeast(0.3)).toBe(0.5);
  });

  it('covers P5–P95 with ten bins of a nice width, open at both ends', () => {
    // n = 6: P5 at h = 0.25 → 2 125, P95 at h = 4.75 → 8 500; (8 500 − 2 125) / 10 = 637.5 → width 1 000, start 2 000.
    const h = histogram([2000, 2500, 3000, 3500, 4000, 10_000]);
    expect(h?.width).toBe(1000);
    expect(h?.bins.map((b) => [b.lower, b.count])).toEqual([
      [2000, 2],
      [3000, 2],
      [4000, 1],
      [5000, 0],
      [6000, 0],
      [7000, 0],
      [8000, 0],
      [9000, 0],
      [10_000, 1],
      [11_000, 0],
    ]);
    expect(h?.bins[0]?.openBelow).toBe(true);
    expect(h?.bins[9]?.openAbove).toBe(true);
    expect(h?.bins[9]?.upper).toBe(12_000);
  });

  it('widens to the next nice width when ten bins from the first edge miss P95', () => {
    // P5 = 10 + 0.1 × 90 = 19, P95 = 100 + 0.9 × 20 = 118: width 10 from 10 ends at 110 < 118, so width 20 from 0.
    const h = histogram([10, 100, 120]);
    expect(h?.width).toBe(20);
    expect(h?.bins[0]?.lower).toBe(0);
    expect(h?.bins.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('counts values outside the edges in the open bins', () => {
    // 1…100: P5 = 5.95, P95 = 95.05 → width 10 from 0; the first bin holds 1–9, the last 90–100.
    const h = histogram(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(h?.bins.map((b) => b.count)).toEqual([9, 10, 10, 10, 10, 10, 10, 10, 10, 11]);
  });

  it('has a minimum width for identical prices, and nothing under 3 sales', () => {
    expect(histogram([3000, 3000, 3000])?.bins.map((b) => [b.lower, b.count])[0]).toEqual([3000, 3]);
    expect(histogram([3000, 3000, 3000])?.width).toBe(10);
    expect(histogram([3000, 4000])).toBeNull();
  });
});

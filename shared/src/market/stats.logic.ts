/**
 * METHODOLOGY §1.7: the statistics shown for a set of sales — count, median, Q1–Q3, mean — and
 * never a figure computed on fewer than 3 sales. Quantiles follow PostgreSQL's `percentile_cont`
 * (linear interpolation between closest ranks) so that a figure computed in SQL and the same
 * figure computed here agree. Sums and interpolations run in decimal.js (20 digits, half up).
 */
import { Dec, roundTo } from './decimal.js';

/** Below this many sales no statistic is shown (METHODOLOGY §1.7). */
export const MIN_SALES = 3;
export const NOT_ENOUGH_SALES = 'Pas assez de ventes';

/**
 * Quantile `p` (0–1) of values sorted ascending, as PostgreSQL's `percentile_cont(p)`: position
 * h = (n − 1)·p, then x[⌊h⌋] + (h − ⌊h⌋)·(x[⌈h⌉] − x[⌊h⌋]).
 */
export function quantileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty list');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile ${p} outside 0–1`);
  const h = new Dec(sorted.length - 1).times(p);
  const lo = h.floor().toNumber();
  const hi = h.ceil().toNumber();
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  if (lo === hi) return a;
  return new Dec(b).minus(a).times(h.minus(lo)).plus(a).toNumber();
}

export function sortAscending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function quantile(values: readonly number[], p: number): number {
  return quantileSorted(sortAscending(values), p);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of an empty list');
  return values
    .reduce((sum, v) => sum.plus(v), new Dec(0))
    .div(values.length)
    .toNumber();
}

/** A statistic and its sample size. The figures are null when there are fewer than MIN_SALES sales. */
export interface StatSummary {
  count: number;
  median: number | null;
  mean: number | null;
  q1: number | null;
  q3: number | null;
}

/** Decimals kept in summaries: €/m² to the cent; displays round further through `format.ts`. */
export const STAT_DECIMALS = 2;

export function summarize(values: readonly number[]): StatSummary {
  const count = values.length;
  if (count < MIN_SALES) return { count, median: null, mean: null, q1: null, q3: null };
  const sorted = sortAscending(values);
  return {
    count,
    median: roundTo(quantileSorted(sorted, 0.5), STAT_DECIMALS),
    mean: roundTo(mean(sorted), STAT_DECIMALS),
    q1: roundTo(quantileSorted(sorted, 0.25), STAT_DECIMALS),
    q3: roundTo(quantileSorted(sorted, 0.75), STAT_DECIMALS),
  };
}

export function hasEnoughSales(summary: { count: number }): boolean {
  return summary.count >= MIN_SALES;
}

/** `2022-03-14` → `2022-03`. */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** Every month from `from` to `to` inclusive (ISO dates or months), e.g. `2022-01` … `2022-12`. */
export function monthsBetween(from: string, to: string): string[] {
  let [y, m] = monthOf(from).split('-').map(Number) as [number, number];
  const [ty, tm] = monthOf(to).split('-').map(Number) as [number, number];
  const months: string[] = [];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

export interface MonthlyStat extends StatSummary {
  /** `YYYY-MM`. */
  month: string;
}

/** One summary per month of the period, months without sales included (count 0). */
export function monthlySummaries(sales: readonly { date: string; pricePerM2: number }[], from: string, to: string): MonthlyStat[] {
  const byMonth = new Map<string, number[]>();
  for (const s of sales) {
    const k = monthOf(s.date);
    const list = byMonth.get(k);
    if (list) list.push(s.pricePerM2);
    else byMonth.set(k, [s.pricePerM2]);
  }
  return monthsBetween(from, to).map((month) => ({ month, ...summarize(byMonth.get(month) ?? []) }));
}

export interface HistogramBin {
  /** Lower edge, €/m². The first bin also holds every value below it. */
  lower: number;
  /** Upper edge (excluded), €/m². The last bin also holds every value at or above it. */
  upper: number;
  openBelow: boolean;
  openAbove: boolean;
  count: number;
}

export interface Histogram {
  width: number;
  bins: HistogramBin[];
}

export const HISTOGRAM_BINS = 10;
/** Narrowest bin, so that ten identical prices still give a readable chart. */
export const HISTOGRAM_MIN_WIDTH = 10;
const NICE_STEPS = [1, 2, 2.5, 5] as const;

/** The smallest "nice" width (1, 2, 2.5 or 5 × 10^k) at or above `x`. */
export function niceWidthAtLeast(x: number): number {
  let exponent = Math.floor(Math.log10(x));
  for (;;) {
    const scale = new Dec(10).pow(exponent);
    for (const step of NICE_STEPS) {
      const w = scale.times(step).toNumber();
      if (w >= x) return w;
    }
    exponent += 1;
  }
}

function nextNiceWidth(w: number): number {
  // w is itself nice: the next one is the smallest nice width strictly above it.
  return niceWidthAtLeast(new Dec(w).times(1.000001).toNumber());
}

/**
 * The 10-bin distribution scheme of the market analysis (docs/decisions/0301-price-histogram-scheme.md): ten bins of
 * equal, "nice" width (1, 2, 2.5 or 5 × 10^k €/m², at least 10) that cover the 5th to the 95th
 * percentile; the first edge is a multiple of the width. The first bin is open below and the last
 * open above, so every sale is counted and a few extreme prices do not squash the chart.
 * Null under MIN_SALES sales.
 */
export function histogram(values: readonly number[]): Histogram | null {
  if (values.length < MIN_SALES) return null;
  const sorted = sortAscending(values);
  const lo = quantileSorted(sorted, 0.05);
  const hi = quantileSorted(sorted, 0.95);
  let width = niceWidthAtLeast(Math.max(HISTOGRAM_MIN_WIDTH, new Dec(hi).minus(lo).div(HISTOGRAM_BINS).toNumber()));
  let start = new Dec(lo).div(width).floor().times(width);
  while (start.plus(new Dec(width).times(HISTOGRAM_BINS)).lt(hi)) {
    width = nextNiceWidth(width);
    start = new Dec(lo).div(width).floor().times(width);
  }
  const bins: HistogramBin[] = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({
    lower: start.plus(new Dec(width).times(i)).toNumber(),
    upper: start.plus(new Dec(width).times(i + 1)).toNumber(),
    openBelow: i === 0,
    openAbove: i === HISTOGRAM_BINS - 1,
    count: 0,
  }));
  for (const v of sorted) {
    const index = new Dec(v).minus(start).div(width).floor().toNumber();
    const bin = bins[Math.min(HISTOGRAM_BINS - 1, Math.max(0, index))] as HistogramBin;
    bin.count += 1;
  }
  return { width, bins };
}

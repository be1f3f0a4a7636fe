/**
 * Accuracy of the comparable-sales estimate by a chronological holdout (METHODOLOGY §2): every sale
 * of the test year is estimated from the sales before it, against the baseline « commune median
 * €/m² of the type × surface ». Used by the estimate benchmark (`bench/estimate-accuracy.ts`).
 */
import { type Candidate, estimateValue, selectComparables } from './comparables.logic.js';
import { MIN_SALES, quantile } from './stats.logic.js';

export interface Split {
  name: string;
  trainFrom: string;
  testYear: string;
}

export interface Accuracy {
  /** Sales estimated. */
  n: number;
  /** Median absolute percentage error, 0–1; NaN without any sale. */
  mdape: number;
  within10: number;
  within20: number;
}

export function accuracy(pairs: readonly { estimate: number; price: number }[]): Accuracy {
  const ape = pairs.map((p) => Math.abs(p.estimate - p.price) / p.price);
  return {
    n: ape.length,
    mdape: ape.length ? quantile(ape, 0.5) : Number.NaN,
    within10: ape.filter((e) => e <= 0.1).length / ape.length,
    within20: ape.filter((e) => e <= 0.2).length / ape.length,
  };
}

export interface SplitResult {
  split: Split;
  tested: number;
  method: Accuracy;
  baselineSameType: Accuracy;
  baselineAllTypes: Accuracy;
  /** The same sales, for a like-for-like comparison: those the method could estimate. */
  baselineSameTypeOnCovered: Accuracy;
  coverage: number;
  stepsUsed: Map<string, number>;
  /** The method's absolute percentage error on each sale it estimated, for pooling several runs. */
  methodErrors: number[];
}

/** Median €/m² of the sales, null under MIN_SALES (METHODOLOGY §1: never a statistic on fewer). */
function medianOf(sales: readonly Candidate[]): number | null {
  return sales.length >= MIN_SALES
    ? quantile(
        sales.map((c) => c.pricePerM2),
        0.5,
      )
    : null;
}

export function runSplit(all: readonly Candidate[], split: Split): SplitResult {
  const train = all.filter((c) => c.date >= `${split.trainFrom}-01-01` && c.date < `${split.testYear}-01-01`);
  const test = all.filter((c) => c.date.startsWith(split.testYear));
  // Every type its own median: « local » was given NaN, which made each of its sales' baseline NaN
  // and the baseline's median meaningless wherever a commune sold premises. A type without enough
  // training sales has no baseline, and its sales are left out of the baseline's figures.
  const medians = {
    appartement: medianOf(train.filter((c) => c.type === 'appartement')),
    maison: medianOf(train.filter((c) => c.type === 'maison')),
    local: medianOf(train.filter((c) => c.type === 'local')),
  };
  const allTypes = medianOf(train);

  const method: { estimate: number; price: number }[] = [];
  const sameType: { estimate: number; price: number }[] = [];
  const sameTypeCovered: { estimate: number; price: number }[] = [];
  const all2: { estimate: number; price: number }[] = [];
  const stepsUsed = new Map<string, number>();
  for (const sale of test) {
    const subject = { type: sale.type, surface: sale.surface, rooms: sale.rooms, lon: sale.lon, lat: sale.lat, insee: sale.insee };
    const median = medians[sale.type];
    const baseline = median === null ? null : { estimate: median * sale.surface, price: sale.price };
    if (baseline) sameType.push(baseline);
    if (allTypes !== null) all2.push({ estimate: allTypes * sale.surface, price: sale.price });
    const selection = selectComparables(subject, train, sale.date);
    const estimate = estimateValue(sale.surface, selection.comparables);
    const used =
      selection.used.radiusM === null
        ? `commune, ${selection.used.months} mois`
        : `${selection.used.radiusM} m, ${selection.used.months} mois`;
    if (!estimate) {
      stepsUsed.set('moins de 3 comparables', (stepsUsed.get('moins de 3 comparables') ?? 0) + 1);
      continue;
    }
    stepsUsed.set(used, (stepsUsed.get(used) ?? 0) + 1);
    method.push({ estimate: estimate.value, price: sale.price });
    if (baseline) sameTypeCovered.push(baseline);
  }
  return {
    split,
    tested: test.length,
    method: accuracy(method),
    baselineSameType: accuracy(sameType),
    baselineAllTypes: accuracy(all2),
    baselineSameTypeOnCovered: accuracy(sameTypeCovered),
    coverage: method.length / test.length,
    stepsUsed,
    methodErrors: method.map((p) => Math.abs(p.estimate - p.price) / p.price),
  };
}

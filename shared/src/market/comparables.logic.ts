/**
 * METHODOLOGY §2: the comparable-sales estimate (avis de valeur). Start with sales of the same
 * type within 500 m, 24 months, surface ±20 % and rooms ±1; widen step by step (1 km, 2 km, the
 * commune, then 36 and 60 months) until enough comparables are found; estimate = median €/m² of the
 * kept comparables × surface, range = P25–P75 × surface. Every step is recorded for the report.
 */
import { formatDate } from '../format.js';
import { haversineMetres } from '../geo.js';
import { Dec, roundTo } from './decimal.js';
import type { PropertyType } from './dvf.js';
import { MIN_SALES, quantileSorted, sortAscending } from './stats.logic.js';

export interface Subject {
  type: PropertyType;
  /** Living area (surface réelle bâtie), m². */
  surface: number;
  /** Main rooms; null: no rooms criterion. */
  rooms: number | null;
  lon: number;
  lat: number;
  insee: string;
}

/** A sale that may serve as a comparable: a single-property sale kept by METHODOLOGY §1. */
export interface Candidate {
  id: string;
  date: string;
  type: PropertyType;
  surface: number;
  rooms: number | null;
  price: number;
  pricePerM2: number;
  lon: number;
  lat: number;
  insee: string;
}

export interface WideningStep {
  /** Search radius in metres; null: the whole commune (plus the last radius around the subject). */
  radiusM: number | null;
  months: number;
}

export const WIDENING_STEPS: readonly WideningStep[] = [
  { radiusM: 500, months: 24 },
  { radiusM: 1000, months: 24 },
  { radiusM: 2000, months: 24 },
  { radiusM: null, months: 24 },
  { radiusM: null, months: 36 },
  { radiusM: null, months: 60 },
];

export interface ComparablesOptions {
  /** Widening stops as soon as a step finds at least this many. */
  target: number;
  /** At most this many are kept: the nearest, then the most recent. */
  max: number;
  /** Relative surface tolerance (0.2 = ±20 %). */
  surfaceTolerance: number;
  /** Rooms tolerance (±1). */
  roomsTolerance: number;
  steps: readonly WideningStep[];
}

export const DEFAULT_COMPARABLES_OPTIONS: ComparablesOptions = {
  target: 5,
  max: 8,
  surfaceTolerance: 0.2,
  roomsTolerance: 1,
  steps: WIDENING_STEPS,
};

/**
 * An opinion written more than a year after the newest sale behind it says so: prices have moved
 * since (DVF is published about six months late, so a year means older data than usual).
 */
export function staleDataNote(asOf: string, writtenOn: string): string | null {
  if (monthsBefore(writtenOn.slice(0, 10), 12) <= asOf) return null;
  return `Les ventes de référence s’arrêtent au ${formatDate(asOf)}, date des dernières données DVF de la commune\u00a0: les prix ont pu évoluer depuis. Ajustez la valeur retenue si besoin.`;
}

/** `date` minus `months` calendar months, day clamped to the target month (`2023-03-31` − 1 → `2023-02-28`). */
export function monthsBefore(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12 + 1;
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return `${ty}-${String(tm).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * The first day of the `months` months that end at `to`, both days included: the day after
 * `monthsBefore`, so that « 12 mois » to 30/12/2022 starts on 31/12/2021 and holds 365 days, as
 * the periods of the transactions and the market analysis do.
 */
export function monthsWindowStart(to: string, months: number): string {
  const start = new Date(`${monthsBefore(to, months)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 1);
  return start.toISOString().slice(0, 10);
}

export interface Comparable extends Candidate {
  distanceM: number;
}

export interface StepRecord extends WideningStep {
  /** Comparables matching this step's criteria. */
  found: number;
}

export interface ComparableSelection {
  /** The steps tried, in order; the last one is the step used. */
  steps: StepRecord[];
  /** Sales of the period used, nearest first, at most `max`. */
  comparables: Comparable[];
  /** Criteria of the step used, for the report. */
  used: WideningStep & { from: string; to: string };
}

/** Does a candidate match the type, surface and rooms criteria of the subject (not place or period)? */
export function isSimilar(subject: Subject, c: Candidate, options: ComparablesOptions = DEFAULT_COMPARABLES_OPTIONS): boolean {
  if (c.type !== subject.type) return false;
  const lo = new Dec(subject.surface).times(1 - options.surfaceTolerance).toNumber();
  const hi = new Dec(subject.surface).times(1 + options.surfaceTolerance).toNumber();
  if (c.surface < lo || c.surface > hi) return false;
  // Shops and offices have no main rooms in DVF (0): the criterion is for dwellings only.
  if (
    subject.type !== 'local' &&
    subject.rooms !== null &&
    (c.rooms === null || Math.abs(c.rooms - subject.rooms) > options.roomsTolerance)
  )
    return false;
  return true;
}

function byNearestThenNewest(a: Comparable, b: Comparable): number {
  return a.distanceM - b.distanceM || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) || (a.id < b.id ? -1 : 1);
}

/**
 * Chooses comparables for `subject` among `candidates` as of `asOf` (ISO date; sales after it are
 * ignored). The commune step keeps the sales of the last radius too, so widening never loses a
 * comparable found before.
 */
export function selectComparables(
  subject: Subject,
  candidates: readonly Candidate[],
  asOf: string,
  options: ComparablesOptions = DEFAULT_COMPARABLES_OPTIONS,
): ComparableSelection {
  const lastRadius = Math.max(0, ...options.steps.map((s) => s.radiusM ?? 0));
  const similar: Comparable[] = [];
  for (const c of candidates) {
    if (c.date > asOf || !isSimilar(subject, c, options)) continue;
    similar.push({ ...c, distanceM: haversineMetres(subject, c) });
  }
  const steps: StepRecord[] = [];
  let kept: Comparable[] = [];
  let used: ComparableSelection['used'] | undefined;
  for (const step of options.steps) {
    const from = monthsWindowStart(asOf, step.months);
    kept = similar.filter(
      (c) =>
        c.date >= from && (step.radiusM === null ? c.insee === subject.insee || c.distanceM <= lastRadius : c.distanceM <= step.radiusM),
    );
    steps.push({ ...step, found: kept.length });
    used = { ...step, from, to: asOf };
    if (kept.length >= options.target) break;
  }
  if (!used) throw new RangeError('no widening step');
  kept.sort(byNearestThenNewest);
  return { steps, comparables: kept.slice(0, options.max), used };
}

export interface Estimate {
  count: number;
  pricePerM2: { median: number; p25: number; p75: number };
  /** Median €/m² × surface, to the euro. */
  value: number;
  /** P25 × surface. */
  low: number;
  /** P75 × surface. */
  high: number;
}

/**
 * Estimate = median €/m² × surface, range P25–P75 × surface (METHODOLOGY §2). Null under
 * MIN_SALES comparables: the method never estimates on fewer than 3.
 */
export function estimateValue(surface: number, comparables: readonly { pricePerM2: number }[]): Estimate | null {
  if (comparables.length < MIN_SALES) return null;
  const sorted = sortAscending(comparables.map((c) => c.pricePerM2));
  const median = quantileSorted(sorted, 0.5);
  const p25 = quantileSorted(sorted, 0.25);
  const p75 = quantileSorted(sorted, 0.75);
  return {
    count: comparables.length,
    pricePerM2: { median: roundTo(median, 2), p25: roundTo(p25, 2), p75: roundTo(p75, 2) },
    value: roundTo(new Dec(median).times(surface)),
    low: roundTo(new Dec(p25).times(surface)),
    high: roundTo(new Dec(p75).times(surface)),
  };
}

/**
 * The agent's edit of a selection: removed ids go, added candidates join (once). The estimate is
 * then recomputed on the result with `estimateValue`.
 */
export function editComparables<C extends { id: string }>(selected: readonly C[], removedIds: readonly string[], added: readonly C[]): C[] {
  const removed = new Set(removedIds);
  const out = selected.filter((c) => !removed.has(c.id));
  const ids = new Set(out.map((c) => c.id));
  for (const c of added) {
    if (removed.has(c.id) || ids.has(c.id)) continue;
    out.push(c);
    ids.add(c.id);
  }
  return out;
}

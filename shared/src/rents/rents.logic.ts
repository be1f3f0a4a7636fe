/**
 * What the rent references say about one dwelling: its monthly rent, a gross yield, an asking rent
 * against the reference. Pure, shared by the server (value opinion, listing analysis) and the pages.
 */
import { formatEurosPerSquareMetreMonth, formatPercent, NBSP } from '../format.js';
import { Dec } from '../market/decimal.js';
import type { RentDwelling, RentReference } from './contracts.js';

/**
 * The reference of the dwelling type closest to the subject: a flat's rooms pick the 1–2 or 3+
 * rooms file when it is loaded, else all flats; a house takes the houses' file; a business premises
 * has none.
 */
export function pickRentReference(
  references: readonly RentReference[],
  subject: { type: string; rooms?: number | null },
): RentReference | null {
  const by = (d: RentDwelling) => references.find((r) => r.dwelling === d) ?? null;
  if (subject.type === 'maison') return by('maison');
  if (subject.type !== 'appartement') return null;
  const rooms = subject.rooms ?? null;
  const sized = rooms === null || rooms <= 0 ? null : rooms <= 2 ? by('appartement-t1-t2') : by('appartement-t3-plus');
  return sized ?? by('appartement');
}

export interface RentRange {
  /** Euros a month, rounded to the euro. */
  rent: number;
  low: number | null;
  high: number | null;
}

const euro = (d: Dec) => d.toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();

/** Monthly rent of `surface` m² at the reference, with the reference's interval. */
export function monthlyRent(reference: Pick<RentReference, 'rentM2' | 'lowM2' | 'highM2'>, surface: number): RentRange {
  const s = new Dec(surface);
  return {
    rent: euro(s.times(reference.rentM2)),
    low: reference.lowM2 === null ? null : euro(s.times(reference.lowM2)),
    high: reference.highM2 === null ? null : euro(s.times(reference.highM2)),
  };
}

export interface YieldRange {
  /** Gross yield, a ratio (0.045 for 4,5 %): 12 × monthly rent / value. */
  gross: number;
  low: number | null;
  high: number | null;
}

/** Gross yield = 12 × rent / value, for the rent and each bound of its interval. */
export function grossYield(rent: RentRange, value: number): YieldRange | null {
  if (!(value > 0)) return null;
  const y = (r: number) => new Dec(r).times(12).div(value).toDecimalPlaces(6, Dec.ROUND_HALF_UP).toNumber();
  return { gross: y(rent.rent), low: rent.low === null ? null : y(rent.low), high: rent.high === null ? null : y(rent.high) };
}

/** « 4,5 % (de 3,6 % à 5,7 %) ». */
export function formatYield(y: YieldRange): string {
  const p = (r: number) => formatPercent(r, 1);
  return y.low !== null && y.high !== null ? `${p(y.gross)} (de ${p(y.low)} à ${p(y.high)})` : p(y.gross);
}

/** « 16,0 €/m²/mois (de 12,6 à 20,2 €/m²/mois) ». */
export function formatRentM2(reference: Pick<RentReference, 'rentM2' | 'lowM2' | 'highM2'>): string {
  const main = formatEurosPerSquareMetreMonth(reference.rentM2);
  if (reference.lowM2 === null || reference.highM2 === null) return main;
  const tenth = (n: number) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  return `${main} (de ${tenth(reference.lowM2)} à ${formatEurosPerSquareMetreMonth(reference.highM2)})`;
}

export interface RentComparison {
  /** Asking rent per m² a month. */
  askingM2: number;
  /** (asking − reference) / reference, a ratio. */
  gap: number;
  /** Whether the asking rent lies inside the reference's prediction interval. */
  withinInterval: boolean | null;
  /** « 12 % au-dessus du loyer de référence de la commune ». */
  sentence: string;
}

/** An asking monthly rent (charges included, as the Carte des loyers' ads) against the reference. */
export function compareAskingRent(
  askingMonthly: number,
  surface: number,
  reference: Pick<RentReference, 'rentM2' | 'lowM2' | 'highM2'>,
): RentComparison | null {
  if (!(askingMonthly > 0) || !(surface > 0)) return null;
  const askingM2 = new Dec(askingMonthly).div(surface);
  const gap = askingM2.minus(reference.rentM2).div(reference.rentM2).toDecimalPlaces(4, Dec.ROUND_HALF_UP).toNumber();
  const rounded = Math.round(Math.abs(gap) * 100);
  const sentence =
    rounded === 0
      ? 'au niveau du loyer de référence de la commune'
      : `${rounded}${NBSP}% ${gap > 0 ? 'au-dessus' : 'au-dessous'} du loyer de référence de la commune`;
  const withinInterval =
    reference.lowM2 === null || reference.highM2 === null ? null : askingM2.gte(reference.lowM2) && askingM2.lte(reference.highM2);
  return { askingM2: askingM2.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toNumber(), gap, withinInterval, sentence };
}

/** « Carte des loyers 2024 », or without a year when the imported file did not give one. */
export function rentSourceLabel(edition: string | null): string {
  return edition ? `Carte des loyers ${edition}` : 'Carte des loyers (édition non précisée par le fichier importé)';
}

/** Where the prediction comes from, as the publisher explains it. */
export function predictionLevelLabel(level: string | null): string {
  if (level === 'commune') return 'annonces de la commune';
  if (level === 'maille') return 'annonces des communes voisines (maille)';
  return 'non précisé';
}

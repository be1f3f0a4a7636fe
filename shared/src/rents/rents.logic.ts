/**
 * What the rent references say about one dwelling: its monthly rent, a gross yield, an asking rent
 * against the reference. Pure, shared by the server (value opinion, listing analysis) and the pages.
 */
import { formatEuros, formatEurosPerSquareMetreMonth, formatPercent, NBSP } from '../format.js';
import { Dec } from '../market/decimal.js';
import { type PropertyRent, RENT_DWELLING_LABELS, type RentDwelling, type RentReference } from './contracts.js';

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
/** The source inside a parenthesis, where the long label's own parenthesis would nest. */
const sourceInline = (edition: string | null) => (edition ? `Carte des loyers ${edition}` : 'Carte des loyers, édition non précisée');
const tenth = (n: number) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

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

/** « 1 023 €/mois (de 801 €/mois à 1 306 €/mois) ». */
export function formatMonthlyRent(m: RentRange): string {
  const month = (n: number) => `${formatEuros(n)}/mois`;
  return m.low !== null && m.high !== null ? `${month(m.rent)} (de ${month(m.low)} à ${month(m.high)})` : month(m.rent);
}

/** « 16,0 €/m²/mois (de 12,6 à 20,2 €/m²/mois) ». */
export function formatRentM2(reference: Pick<RentReference, 'rentM2' | 'lowM2' | 'highM2'>): string {
  const main = formatEurosPerSquareMetreMonth(reference.rentM2);
  if (reference.lowM2 === null || reference.highM2 === null) return main;
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

/** « intervalle de 11,4 à 18,7 €/m²/mois », or null when the file gave no interval. */
export function rentIntervalLabel(reference: Pick<RentReference, 'lowM2' | 'highM2'>): string | null {
  if (reference.lowM2 === null || reference.highM2 === null) return null;
  return `intervalle de ${tenth(reference.lowM2)} à ${formatEurosPerSquareMetreMonth(reference.highM2)}`;
}

/**
 * The reference a figure rests on, for a line under it: « Appartements de 3 pièces et plus à Lyon 8e
 * Arrondissement : 14,6 €/m²/mois, intervalle de 11,4 à 18,7 €/m²/mois (Carte des loyers 2024) ».
 */
export function rentReferenceLine(reference: RentReference): string {
  const interval = rentIntervalLabel(reference);
  return (
    `${RENT_DWELLING_LABELS[reference.dwelling]} à ${reference.commune}${NBSP}: ${formatEurosPerSquareMetreMonth(reference.rentM2)}` +
    `${interval ? `, ${interval}` : ''} (${sourceInline(reference.edition)})`
  );
}

/**
 * The comparison in one line, with where the reference comes from: « 12 % au-dessus du loyer de
 * référence de la commune (Carte des loyers 2024, intervalle de 12,6 à 20,2 €/m²/mois) ».
 */
export function rentComparisonLine(comparison: Pick<RentComparison, 'sentence'>, reference: RentReference): string {
  const interval = rentIntervalLabel(reference);
  return `${comparison.sentence} (${sourceInline(reference.edition)}${interval ? `, ${interval}` : ''})`;
}

/** « dans l’intervalle », « hors de l’intervalle », or null without an interval. */
export function withinIntervalLabel(comparison: Pick<RentComparison, 'withinInterval'>): string | null {
  if (comparison.withinInterval === null) return null;
  return comparison.withinInterval
    ? 'Loyer demandé dans l’intervalle de prédiction de la Carte des loyers.'
    : 'Loyer demandé hors de l’intervalle de prédiction de la Carte des loyers.';
}

/**
 * What the references say of one property: a rental's asking rent (`askingRent`, a month) against
 * the reference, or the monthly rent of its surface at the reference and the gross yield at
 * `value` (an asking price, an estimate). A business premises or an unknown type has no reference.
 */
export function propertyRent(
  references: readonly RentReference[],
  subject: { type: string; rooms?: number | null; surface?: number | null },
  against: { askingRent: number | null } | { value: number | null },
): PropertyRent {
  const reference = pickRentReference(references, subject);
  const surface = subject.surface ?? null;
  const none: PropertyRent = { reference, comparison: null, monthly: null, grossYield: null };
  if (!reference || surface === null || !(surface > 0)) return none;
  if ('askingRent' in against)
    return { ...none, comparison: against.askingRent === null ? null : compareAskingRent(against.askingRent, surface, reference) };
  const monthly = monthlyRent(reference, surface);
  return { ...none, monthly, grossYield: against.value === null ? null : grossYield(monthly, against.value) };
}

/**
 * Said when a commune has no reference for the property's type: what is missing, then how to get it
 * (`importHint`: the reader's import sentence for the Carte des loyers).
 */
export function noRentReferenceNote(commune: string, type: string, importHint: string): string {
  const what = type === 'maison' ? 'des maisons' : 'des appartements';
  return `Aucun loyer de référence ${what} (Carte des loyers) importé pour ${commune}${NBSP}: pas de comparaison de loyer ni de rendement. ${importHint}`;
}

/** The same rent with its gross yield at another value (the agent's adjusted one); unchanged without a monthly rent. */
export function rentAtValue(rent: PropertyRent, value: number | null): PropertyRent {
  if (!rent.monthly) return rent;
  return { ...rent, grossYield: value === null ? null : grossYield(rent.monthly, value) };
}

/**
 * The value opinion's confidence figure: the method's error measured on the database's own sales
 * (the estimate benchmark's chronological holdout, `runSplit`, run on the commune or, with too few
 * sales there, on its département; decision 1430), with the number and spread of the comparables,
 * said in words: « fiabilité bonne / moyenne / faible ».
 */
import { z } from 'zod';
import { formatInteger, formatPercent } from '../format.js';

export const CONFIDENCE_LEVELS = ['bonne', 'moyenne', 'faible'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** Fewer sales estimated than this in a commune: its département's figure is used. */
export const MIN_MEASURED_SALES = 30;

export const measuredErrorSchema = z.object({
  scope: z.enum(['commune', 'departement']),
  /** INSEE code of the commune, or the département's code. */
  code: z.string(),
  /** « Bondy », « Seine-Saint-Denis ». */
  place: z.string(),
  /** Year whose sales were estimated from the four years before it. */
  testYear: z.string(),
  /** Sales estimated. */
  n: z.number().int(),
  /** Median absolute percentage error of the method, 0–1. */
  mdape: z.number(),
});
export type MeasuredError = z.infer<typeof measuredErrorSchema>;

export const confidenceSchema = z.object({
  level: z.enum(CONFIDENCE_LEVELS),
  /** Null when neither the commune nor its département has enough earlier sales to measure it. */
  measured: measuredErrorSchema.nullable(),
  comparables: z.number().int(),
  /** Interquartile range of the comparables' €/m² over their median; null without an estimate. */
  spread: z.number().nullable(),
});
export type Confidence = z.infer<typeof confidenceSchema>;

const RANK: Record<ConfidenceLevel, number> = { bonne: 0, moyenne: 1, faible: 2 };
const worst = (...levels: ConfidenceLevel[]): ConfidenceLevel =>
  levels.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'bonne' as ConfidenceLevel);

/**
 * Bonne: measured MdAPE ≤ 12 %, 6 comparables or more, spread ≤ 25 %. Faible: MdAPE over 20 %,
 * fewer than 5 comparables, or spread over 50 %. Moyenne otherwise, and at best when the error
 * could not be measured.
 */
export function confidenceOf(
  measured: MeasuredError | null,
  estimate: { count: number; pricePerM2: { median: number; p25: number; p75: number } } | null,
): Confidence {
  const comparables = estimate?.count ?? 0;
  const spread =
    estimate && estimate.pricePerM2.median > 0 ? (estimate.pricePerM2.p75 - estimate.pricePerM2.p25) / estimate.pricePerM2.median : null;
  const fromError: ConfidenceLevel =
    measured === null ? 'moyenne' : measured.mdape <= 0.12 ? 'bonne' : measured.mdape <= 0.2 ? 'moyenne' : 'faible';
  const fromCount: ConfidenceLevel = comparables >= 6 ? 'bonne' : comparables >= 5 ? 'moyenne' : 'faible';
  const fromSpread: ConfidenceLevel = spread === null ? 'faible' : spread <= 0.25 ? 'bonne' : spread <= 0.5 ? 'moyenne' : 'faible';
  return { level: worst(fromError, fromCount, fromSpread), measured, comparables, spread };
}

/**
 * « de la commune (Bondy, 2023) », « du département (Seine-Saint-Denis, 93, 2023) »: the name in
 * brackets, so that no article nor elision has to be guessed (« du Havre », « d’Hendaye »).
 */
function placePhrase(m: MeasuredError): string {
  return m.scope === 'departement' ? `du département (${m.place}, ${m.code}, ${m.testYear})` : `de la commune (${m.place}, ${m.testYear})`;
}

/**
 * « Fiabilité moyenne — écart médian mesuré 14 % sur 230 ventes de la commune (Bondy, 2023)\u00a0; 8 comparables,
 * dispersion des prix au m² 18 %. »
 */
export function confidenceLabel(c: Confidence): string {
  const error = c.measured
    ? `écart médian mesuré ${formatPercent(c.measured.mdape)} sur ${formatInteger(c.measured.n)} ventes ${placePhrase(c.measured)}`
    : 'écart non mesuré, faute de ventes antérieures assez nombreuses dans la commune et son département';
  const sample = `${formatInteger(c.comparables)} comparable${c.comparables > 1 ? 's' : ''}${
    c.spread === null ? '' : `, dispersion des prix au m² ${formatPercent(c.spread)}`
  }`;
  return `Fiabilité ${c.level} — ${error}\u00a0; ${sample}.`;
}

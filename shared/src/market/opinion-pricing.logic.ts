/**
 * The seller's asking price in a value opinion, and the margin to negotiate against the value
 * retained. DVF prices, hence the value, exclude the agency's fees: an asking price « honoraires
 * inclus » is compared net of them (fees as a rate of the net seller price, as mandates state it),
 * so the margin drops by the fees; a « net vendeur » price is compared as it is.
 */
import { z } from 'zod';
import { formatEuros, formatPercent } from '../format.js';
import { FEE_BASES, type FeesChoice, feesChoiceSchema, netOfFees } from '../listings/fees.logic.js';

/** What the agent types: the asking price and whether it includes the fees (and their rate). */
export const opinionPricingSchema = z.object({
  askingPrice: z
    .number({ error: 'Prix demandé\u00a0: un montant en euros.' })
    .int('Prix demandé\u00a0: un montant entier en euros.')
    .min(1000, 'Prix demandé\u00a0: 1\u202f000\u00a0€ au moins.')
    .max(100_000_000, 'Prix demandé\u00a0: 100\u00a0millions d’euros au plus.'),
  fees: feesChoiceSchema,
});
export type OpinionPricingRequest = z.input<typeof opinionPricingSchema>;

/** The margin as the server computed it, against the value retained (estimate × adjustment). */
export const opinionMarginSchema = z.object({
  askingPrice: z.number(),
  fees: z.object({ basis: z.enum(FEE_BASES), ratePct: z.number().nullable() }),
  /** The asking price net of fees (the asking price itself when net seller or the rate is not given). */
  netPrice: z.number(),
  /** The fees inside the asking price; 0 net seller; null when the rate is not given. */
  feesAmount: z.number().nullable(),
  /** The value the margin is computed against. */
  value: z.number(),
  /** Net price − value: positive, the seller asks more than the value. */
  margin: z.number(),
});
export type OpinionMargin = z.infer<typeof opinionMarginSchema>;

export function opinionMargin(askingPrice: number, fees: FeesChoice, value: number): OpinionMargin {
  const net = netOfFees(askingPrice, fees);
  return { askingPrice, fees, netPrice: net.net, feesAmount: net.fees, value, margin: net.net - value };
}

/** « honoraires inclus (5 %) », « honoraires inclus (taux non indiqué) » or « net vendeur ». */
export function feesChoiceLabel(fees: FeesChoice): string {
  if (fees.basis === 'net-vendeur') return 'net vendeur';
  if (fees.ratePct === null) return 'honoraires inclus (taux non indiqué)';
  return `honoraires inclus (${formatPercent(fees.ratePct / 100, Number.isInteger(fees.ratePct) ? 0 : 1)})`;
}

/**
 * The sentence on the page and in the PDF: « Prix demandé 229 000 € honoraires inclus (5 %), soit
 * 218 095 € net vendeur (honoraires 10 905 €)\u00a0: marge de négociation 5 095 € sur la valeur retenue. »
 */
export function opinionMarginLabel(m: OpinionMargin): string {
  const net =
    m.fees.basis === 'honoraires-inclus' && m.feesAmount !== null
      ? `, soit ${formatEuros(m.netPrice)} net vendeur (honoraires ${formatEuros(m.feesAmount)})`
      : '';
  const head = `Prix demandé ${formatEuros(m.askingPrice)} ${feesChoiceLabel(m.fees)}${net}\u00a0: `;
  if (m.margin > 0) return `${head}marge de négociation ${formatEuros(m.margin)} sur la valeur retenue.`;
  if (m.margin === 0) return `${head}au niveau de la valeur retenue, pas de marge.`;
  return `${head}${formatEuros(-m.margin)} sous la valeur retenue, pas de marge.`;
}

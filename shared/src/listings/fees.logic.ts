/**
 * Agency fees and the margin to negotiate. DVF prices exclude the agency's fees when the buyer pays
 * them, while a French listing states its price fees included (« honoraires inclus », FAI): compared
 * with sales as it is, the margin counts the fees as if the seller could give them up. The agent
 * says which the price is and the fee rate, a percentage of the net seller price as mandates state
 * it; the margin is then computed on the net seller price.
 */
import { z } from 'zod';
import { Dec } from '../market/decimal.js';

export const FEE_BASES = ['honoraires-inclus', 'net-vendeur'] as const;
export type FeeBasis = (typeof FEE_BASES)[number];
export const FEE_BASIS_LABELS: Record<FeeBasis, string> = {
  'honoraires-inclus': 'Honoraires inclus (FAI)',
  'net-vendeur': 'Net vendeur',
};

export interface FeesChoice {
  basis: FeeBasis;
  /** Percentage of the net seller price (5 for 5 %); null while the agent has not given it. */
  ratePct: number | null;
}

/** Fee rates an agent may type: beyond 20 % of the net price is no agency's scale. */
export const MAX_FEE_RATE_PCT = 20;

/**
 * The net seller price of an asking price and the fees inside it, to the euro: FAI = net × (1 + rate).
 * A net seller price, or a fees-included one whose rate is not given, is taken as it is (fees null).
 */
export function netOfFees(price: number, fees: FeesChoice): { net: number; fees: number | null } {
  if (fees.basis === 'net-vendeur') return { net: price, fees: 0 };
  if (fees.ratePct === null || !(fees.ratePct >= 0) || fees.ratePct > MAX_FEE_RATE_PCT) return { net: price, fees: null };
  const net = new Dec(price).div(new Dec(100).plus(fees.ratePct).div(100)).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();
  return { net, fees: price - net };
}

/** The fees choice sent with a listing's analysis (`POST /api/listings/analysis`, field `fees`). */
export const feesChoiceSchema = z.object({
  basis: z.enum(FEE_BASES, { error: 'Prix demandé\u00a0: «\u00a0honoraires-inclus\u00a0» ou «\u00a0net-vendeur\u00a0».' }),
  ratePct: z
    .number({ error: 'Taux d’honoraires\u00a0: un nombre (5 pour 5\u00a0%).' })
    .min(0, 'Taux d’honoraires\u00a0: positif ou nul.')
    .max(MAX_FEE_RATE_PCT, `Taux d’honoraires\u00a0: ${MAX_FEE_RATE_PCT}\u00a0% au plus.`)
    .nullable()
    .default(null),
});

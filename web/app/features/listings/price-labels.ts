/**
 * A listing's price and €/m², a rent said per month (`1 345 €/mois`, `19,2 €/m²/mois`), its price
 * history, and its price against the estimate (or why there is none).
 */
import {
  formatDate,
  formatEuros,
  formatEurosPerSquareMetre,
  formatEurosPerSquareMetreMonth,
  formatPercent,
  roundEstimate,
} from '@immoloupe/shared/format';
import { PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import { type FeesChoice, netOfFees } from '@immoloupe/shared/listings/fees.logic';
import type { ListingAnalysis, ListingFields, SavedListing } from '@immoloupe/shared/listings/store.logic';
import { DEFAULT_COMPARABLES_OPTIONS } from '@immoloupe/shared/market/comparables.logic';

const isRent = (transaction: string | null | undefined) => transaction === 'location';

export function priceLabel(price: number, transaction: string | null | undefined): string {
  return isRent(transaction) ? `${formatEuros(price)}/mois` : formatEuros(price);
}

export function pricePerM2Label(value: number, transaction: string | null | undefined): string {
  return isRent(transaction) ? formatEurosPerSquareMetreMonth(value) : formatEurosPerSquareMetre(value);
}

/** « 310 000 € le 20/11/2026 → 295 000 € le 24/11/2026 », each price's site named when there are several. */
export function priceHistoryLabel(l: Pick<SavedListing, 'prices' | 'transaction'>): string {
  const severalSites = new Set(l.prices.map((p) => p.portal)).size > 1;
  return l.prices
    .map((p) => `${priceLabel(p.price, l.transaction)} le ${formatDate(p.seenAt)}${severalSites ? ` (${PORTAL_LABELS[p.portal]})` : ''}`)
    .join(' → ');
}

/**
 * The asking price against the estimate as the page shows it (rounded by `formatEstimate`), so that
 * price − estimate = margin on the page: 229 000 € against 213 000 € is a margin of 16 000 €, not
 * the 15 900 € the euro-exact estimate would give. With `fees`, the price compared is the net seller
 * price (DVF prices exclude the agency's fees): the margin drops by the fees.
 */
export function gapLabel(price: number, estimate: number, fees?: FeesChoice): string {
  const shown = roundEstimate(estimate);
  const net = fees ? netOfFees(price, fees) : { net: price, fees: null };
  const amount = net.net - shown;
  const asked = `Prix demandé ${formatEuros(price)}${feesLabel(fees, net)}\u00a0:`;
  if (amount > 0)
    return `${asked} ${formatPercent(amount / shown, 1)} au-dessus de l’estimation. Marge de négociation\u00a0: ${formatEuros(amount)}.`;
  if (amount === 0) return `${asked} au niveau de l’estimation, pas de marge évidente.`;
  return `${asked} ${formatPercent(-amount / shown, 1)} sous l’estimation, pas de marge évidente.`;
}

/** What the price compared is: net seller, or fees included and the net seller price without them. */
function feesLabel(fees: FeesChoice | undefined, net: { net: number; fees: number | null }): string {
  if (!fees) return '';
  if (fees.basis === 'net-vendeur') return ' net vendeur';
  if (net.fees === null || fees.ratePct === null) return ' honoraires inclus';
  const rate = formatPercent(fees.ratePct / 100, Number.isInteger(fees.ratePct) ? 0 : 1);
  return ` honoraires inclus, soit ${formatEuros(net.net)} net vendeur (honoraires de ${rate}, ${formatEuros(net.fees)})`;
}

/**
 * When the €/m² against the sector's median and the price against the estimate say opposite things
 * (« Sous le marché » yet above the estimate, say, for a large house whose €/m² is low like every
 * large house's), which of the two to trust and why; null when they agree. Beyond ±5 % both ways,
 * the threshold of the badge.
 */
export function verdictsDisagreeLabel(position: ListingAnalysis['position'], price: number, estimate: number): string | null {
  const ratio = price / roundEstimate(estimate) - 1;
  const opposite = (position === 'dessous' && ratio > 0.05) || (position === 'dessus' && ratio < -0.05);
  if (!opposite) return null;
  const tolerance = formatPercent(DEFAULT_COMPARABLES_OPTIONS.surfaceTolerance, 0);
  return `La médiane au m² compte les ventes du même type de toutes surfaces ; l’estimation ne retient que celles de surface proche (± ${tolerance}) : c’est elle qui situe le prix demandé.`;
}

/**
 * Why the analysis gave no estimate, in the order the server gives up, so that the card never
 * contradicts the notes above it (a rent is never estimated, placed or not).
 */
export function noEstimateLabel(a: Pick<ListingAnalysis, 'commune' | 'point' | 'period'>, f: ListingFields): string {
  if (f.transaction === 'location') return 'Pas d’estimation pour une location\u00a0: les ventes DVF ne donnent pas de loyer.';
  if (!f.transaction) return 'Pas d’estimation\u00a0: précisez s’il s’agit d’une vente ou d’une location.';
  if (!a.commune) return 'Pas d’estimation\u00a0: code postal absent ou inconnu.';
  if (f.propertyType !== 'appartement' && f.propertyType !== 'maison')
    return 'Pas d’estimation\u00a0: seuls les appartements et les maisons sont estimés.';
  if (!a.period) return 'Pas d’estimation\u00a0: aucune vente DVF importée pour cette commune.';
  if (!a.point) return 'Pas d’estimation\u00a0: l’annonce doit être localisée (indiquez l’adresse du bien).';
  if (!f.surface || f.surface < 5) return 'Pas d’estimation\u00a0: surface absente.';
  return 'Pas d’estimation\u00a0: moins de 3 ventes comparables dans le secteur.';
}

/** A listing's price and €/m², a rent said per month (`1 345 €/mois`, `19,2 €/m²/mois`), its price history. */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatEurosPerSquareMetreMonth } from '@immoloupe/shared/format';
import { PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import type { SavedListing } from '@immoloupe/shared/listings/store.logic';

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

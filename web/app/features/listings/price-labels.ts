/** A listing's price and €/m², a rent said per month (`1 345 €/mois`, `19,2 €/m²/mois`). */
import { formatEuros, formatEurosPerSquareMetre, formatEurosPerSquareMetreMonth } from '@immoloupe/shared/format';

const isRent = (transaction: string | null | undefined) => transaction === 'location';

export function priceLabel(price: number, transaction: string | null | undefined): string {
  return isRent(transaction) ? `${formatEuros(price)}/mois` : formatEuros(price);
}

export function pricePerM2Label(value: number, transaction: string | null | undefined): string {
  return isRent(transaction) ? formatEurosPerSquareMetreMonth(value) : formatEurosPerSquareMetre(value);
}

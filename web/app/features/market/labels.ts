/** French wording of the market pages, as pure functions (tested). */
import { formatInteger, NBSP } from '@immoloupe/shared/format';
import { PROPERTY_TYPE_LABELS, type PropertyType } from '@immoloupe/shared/market/dvf';

export function distanceLabel(m: number): string {
  return m >= 1000
    ? `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(m / 1000)}${NBSP}km`
    : `${formatInteger(m)}${NBSP}m`;
}

/** `500 m, 24 mois` or `la commune (et 2 km), 36 mois`. */
export function stepLabel(step: { radiusM: number | null; months: number }): string {
  const place = step.radiusM === null ? `la commune (et 2${NBSP}km autour)` : distanceLabel(step.radiusM);
  return `${place}, ${step.months}${NBSP}mois`;
}

export function salesCount(n: number): string {
  return `${formatInteger(n)} vente${n > 1 ? 's' : ''}`;
}

export function typeLabel(type: PropertyType): string {
  return PROPERTY_TYPE_LABELS[type];
}

export const TYPE_PLURALS: Record<PropertyType, string> = { appartement: 'Appartements', maison: 'Maisons', local: 'Locaux commerciaux' };

/** `Label : valeur` with the no-break space French wants before the colon. */
export function labelled(label: string, value: string): string {
  return `${label}${NBSP}: ${value}`;
}

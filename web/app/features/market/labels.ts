/** French wording of the market pages, as pure functions (tested). */
import { type CommuneNaming, communeLabel, communeLabels } from '@immoloupe/shared/commune-label';
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

/**
 * The row label of a cadastral section in the market report: « Section AS » in a zone of one
 * commune; in a zone of several, with its commune named as the pickers name it,
 * « Section AS — Bondy (93140) », never by its INSEE code (a section code starts with it).
 */
export function sectionLabeller(communes: readonly CommuneNaming[]): (s: { code: string; section: string }) => string {
  const names = new Map(communeLabels(communes).map((o) => [o.commune.insee, o.label]));
  return (s) => {
    if (communes.length <= 1) return `Section ${s.section}`;
    const insee = s.code.slice(0, 5);
    return `Section ${s.section} — ${names.get(insee) ?? insee}`;
  };
}

/**
 * The commune of the parcel found, as the pickers name it, « Bondy (93140) »: the analysis'
 * commune when it is the parcel's, else the parcel's name alone (never its INSEE code).
 */
export function parcelCommuneText(parcel: { insee: string; commune: string }, commune: CommuneNaming | null): string {
  return commune?.insee === parcel.insee ? communeLabel(commune) : parcel.commune;
}

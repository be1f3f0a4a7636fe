/**
 * The legend entries of the maps that draw DVF sales (address analysis, value opinion): built from
 * the very colours and steps of layers.ts, so a legend cannot drift from its map.
 */
import { formatEurosPerSquareMetre, formatInteger, NBSP } from '@immoloupe/shared/format';
import { CLUSTER_STEPS, PARCEL_COLORS, PRICE_STOPS, RADIUS_COLOR, SUBJECT_COLOR } from './layers';
import type { LegendEntry } from './map-legend';

/** « moins de 20 », « 20 à 199 », « 200 et plus ». */
function clusterBand(i: number): string {
  const next = CLUSTER_STEPS[i + 1];
  const from = CLUSTER_STEPS[i]?.from ?? 0;
  if (!next) return `${formatInteger(from)} et plus`;
  return i === 0 ? `moins de ${formatInteger(next.from)}` : `${formatInteger(from)} à ${formatInteger(next.from - 1)}`;
}

export function priceRampStops() {
  return PRICE_STOPS.map(([v, color], i) => ({
    color,
    label:
      i === 0
        ? `≤${NBSP}${formatEurosPerSquareMetre(v)}`
        : i === PRICE_STOPS.length - 1
          ? `≥${NBSP}${formatEurosPerSquareMetre(v)}`
          : formatEurosPerSquareMetre(v),
  }));
}

export interface SalesLegendOptions {
  /** What the red point is (« Adresse analysée », « Bien estimé »), or null when the map has none. */
  subject?: string | null;
  /** What the orange outline is (« Parcelle cadastrale »), or null. */
  parcel?: string | null;
  /** The radius as the page shows it (« 500 m »), or null when the map draws none. */
  radius?: string | null;
  /** What a single marker is: « Vente seule », « Vente comparable ». */
  sale?: string;
}

export function salesLegendEntries({
  subject = null,
  parcel = null,
  radius = null,
  sale = 'Vente seule',
}: SalesLegendOptions): LegendEntry[] {
  const entries: LegendEntry[] = [];
  if (subject) entries.push({ swatch: { kind: 'disc', color: SUBJECT_COLOR, size: 14 }, label: subject });
  if (parcel) entries.push({ swatch: { kind: 'area', color: PARCEL_COLORS.fill, outline: PARCEL_COLORS.outline }, label: parcel });
  if (radius) entries.push({ swatch: { kind: 'ring', color: RADIUS_COLOR }, label: `Rayon de ${radius}${NBSP}: ventes prises en compte` });
  entries.push(
    {
      swatch: CLUSTER_STEPS.map((c) => ({ kind: 'disc' as const, color: c.color, size: Math.round(c.radius * 0.9) })),
      label: `Groupe de ventes proches (${CLUSTER_STEPS.map((_, i) => clusterBand(i)).join(', ')} ventes)${NBSP}: cliquer pour zoomer`,
    },
    { swatch: { kind: 'ramp', stops: priceRampStops() }, label: `${sale}, couleur selon son prix au m²` },
  );
  return entries;
}

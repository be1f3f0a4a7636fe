/**
 * The zoning layer of the PLU on a map, in the colours the CNIG standard recommends for the zones at
 * small scale (« Préconisations de symbologie », standard CNIG PLU): fill at 40 % (alpha 102) and
 * outline, U red, AUc light red, AUs salmon pink, A yellow, N green. Pure: layers, legend, data.
 */
import { NBSP } from '@immoloupe/shared/format';
import type { Zoning } from '@immoloupe/shared/urbanism/contracts';
import { credited } from '~/features/map/attributions';
import type { LegendEntry } from '~/features/map/map-legend';

export const ZONING_CREDIT = `Zonage${NBSP}: Géoportail de l’Urbanisme`;
export const ZONING_SOURCE = 'zonage-plu';

/** CNIG fill (RVB of the standard) and outline of each zone type. */
export const CNIG_ZONE_COLORS = {
  U: { fill: '#e60000', outline: '#b00006', label: 'U — zone urbaine' },
  AUc: { fill: '#ff6565', outline: '#d40006', label: 'AUc — zone à urbaniser' },
  AUs: { fill: '#fecdbe', outline: '#e88766', label: 'AUs — zone à urbaniser bloquée' },
  A: { fill: '#ffff00', outline: '#fff000', label: 'A — zone agricole' },
  N: { fill: '#56aa02', outline: '#23a600', label: 'N — zone naturelle et forestière' },
} as const;
export type CnigZoneKey = keyof typeof CNIG_ZONE_COLORS;

/** The CNIG key of a TYPEZONE as files spell it (« AUc », « AU », « Nh »…); null for none of the five. */
export function cnigZoneKey(typezone: string): CnigZoneKey | null {
  const t = typezone.trim();
  if (/^AUs/i.test(t)) return 'AUs';
  if (/^AU/i.test(t)) return 'AUc';
  const first = t.charAt(0).toUpperCase();
  return first === 'U' || first === 'A' || first === 'N' ? first : null;
}

/** The zones as the layer's GeoJSON, each with its CNIG key (`cnig`) and label (`libelle`). */
export function zoningFeatures(z: Zoning | undefined) {
  return {
    type: 'FeatureCollection' as const,
    features: (z?.features ?? []).map((f) => ({ ...f, properties: { ...f.properties, cnig: cnigZoneKey(f.properties.typezone) ?? '' } })),
  };
}

const byKey = (what: 'fill' | 'outline') => [
  'match',
  ['get', 'cnig'],
  ...Object.entries(CNIG_ZONE_COLORS).flatMap(([k, c]) => [k, c[what]]),
  '#868e96',
];

/** Under the page's own layers: the parcels found stay readable above the zones. */
export const ZONING_LAYERS = [
  { id: 'zonage-plu-fond', type: 'fill', source: ZONING_SOURCE, paint: { 'fill-color': byKey('fill'), 'fill-opacity': 0.4 } },
  { id: 'zonage-plu-contour', type: 'line', source: ZONING_SOURCE, paint: { 'line-color': byKey('outline'), 'line-width': 1 } },
].map((l) => credited(l, ZONING_CREDIT));

/** The legend entries of the zone types present (all five when none is given). */
export function zoningLegend(keys?: ReadonlySet<string>): LegendEntry[] {
  return (Object.keys(CNIG_ZONE_COLORS) as CnigZoneKey[])
    .filter((k) => !keys || keys.has(k))
    .map((k) => ({
      swatch: { kind: 'area', color: CNIG_ZONE_COLORS[k].fill, outline: CNIG_ZONE_COLORS[k].outline },
      label: `Zonage du PLU\u00a0: ${CNIG_ZONE_COLORS[k].label}`,
    }));
}

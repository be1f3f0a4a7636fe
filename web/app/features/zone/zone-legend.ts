/**
 * The legend of « Ma zone »'s map: the outline drawn (its area and corners) and the communes
 * picked, shaded alike, in the very colour of their layers (zone.logic.ts).
 */
import type { LegendEntry } from '~/features/map/map-legend';
import { ZONE_COLOR } from './zone.logic';

export const MY_ZONE_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'area', color: ZONE_COLOR, outline: ZONE_COLOR }, label: 'Zone tracée sur la carte' },
  { swatch: { kind: 'disc', color: ZONE_COLOR, size: 8 }, label: 'Sommet du tracé (un clic par sommet en mode tracé)' },
  {
    swatch: { kind: 'area', color: ZONE_COLOR, outline: '#ffffff' },
    label: 'Commune de ma zone (ombrée là où son cadastre est importé)',
  },
];

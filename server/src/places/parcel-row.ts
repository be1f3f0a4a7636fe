/** A row of `parcels` as selected by every feature that returns parcels, and its API shape. */
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import type { ParcelGeometry } from '../importers/cadastre.logic.js';

export interface ParcelRow {
  id: string;
  code_commune: string;
  prefixe: string;
  section: string;
  numero: string;
  contenance: number | null;
  is_current: boolean;
  centroid_lon: number;
  centroid_lat: number;
  bbox_west: number;
  bbox_south: number;
  bbox_east: number;
  bbox_north: number;
  geometry: ParcelGeometry;
}

export const PARCEL_COLUMNS = `id, code_commune, prefixe, section, numero, contenance, is_current, centroid_lon, centroid_lat,
  bbox_west, bbox_south, bbox_east, bbox_north, geometry`;

export function parcelOf(r: ParcelRow): Parcel {
  return {
    id: r.id,
    codeCommune: r.code_commune,
    prefixe: r.prefixe,
    section: r.section,
    numero: r.numero,
    contenance: r.contenance,
    current: r.is_current,
    centroid: { lon: r.centroid_lon, lat: r.centroid_lat },
    bbox: [r.bbox_west, r.bbox_south, r.bbox_east, r.bbox_north],
    geometry: r.geometry,
  };
}

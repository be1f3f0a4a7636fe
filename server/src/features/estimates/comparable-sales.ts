/**
 * A DVF sale of `dvf_sales` as a comparable, read the same way by the estimate (its comparables)
 * and by the measure of its error on the commune's own sales (accuracy.ts).
 */
import type { Candidate } from '@immoloupe/shared/market/comparables.logic';
import type { PropertyType } from '@immoloupe/shared/market/dvf';

export interface SaleRow {
  id: string;
  date: string;
  code_type_local: number;
  surface: number;
  rooms: number | null;
  price: number;
  ppm2: number;
  lon: number;
  lat: number;
  insee: string;
}

/** The columns of `dvf_sales s` a SaleRow is made of. */
export const SALE_COLUMNS = `s.id_mutation AS id, s.date_mutation::text AS date, s.code_type_local, s.surface_reelle_bati AS surface,
  s.nombre_pieces_principales AS rooms, s.valeur_fonciere AS price, s.prix_m2 AS ppm2, s.longitude AS lon, s.latitude AS lat,
  s.code_commune AS insee`;

const TYPE_OF: Record<number, PropertyType> = { 1: 'maison', 2: 'appartement', 4: 'local' };

export function candidateOf(r: SaleRow): Candidate {
  return {
    id: r.id,
    date: r.date,
    type: TYPE_OF[r.code_type_local] as PropertyType,
    surface: Number(r.surface),
    rooms: r.rooms === null ? null : Number(r.rooms),
    price: Number(r.price),
    pricePerM2: Number(r.ppm2),
    lon: Number(r.lon),
    lat: Number(r.lat),
    insee: r.insee,
  };
}

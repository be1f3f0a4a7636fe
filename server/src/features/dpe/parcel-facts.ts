/**
 * Facts about parcels shared by the DPE and co-ownership searches: the parcel of an address
 * (the one BAN lists for it, else the parcel under its point) and the DVF sales on parcels.
 */
import type { ParcelSale } from '@immoloupe/shared/dpe/contracts';
import { isStreetBanId } from '@immoloupe/shared/dpe/dpe-address.logic';
import { NATURE_LABELS, natureOf } from '@immoloupe/shared/market/dvf';
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import type { Queryable } from '../../db/client.js';
import { addressParcel } from '../geocode/index.js';

export async function parcelOfAddress(
  db: Queryable,
  a: { identifiantBan: string | null; typedAddressBanId?: string | null; lon: number | null; lat: number | null },
): Promise<{ parcel: Parcel; via: 'ban' | 'position' } | null> {
  // A DPE the BAN matched to its street only sits at the street's point, on no parcel in particular:
  // its parcel is the one of the number typed, when the BAN imported here knows that number
  // (`typed_address_ban_id`, features/dpe/placement.ts).
  const streetOnly = isStreetBanId(a.identifiantBan);
  const banId = streetOnly ? (a.typedAddressBanId ?? null) : a.identifiantBan;
  const [ban] = banId
    ? await db.query<{ cad_parcelles: string[]; lon: number; lat: number }>(
        'SELECT cad_parcelles, lon, lat FROM ban_addresses WHERE id = $1',
        [banId],
      )
    : [];
  if (streetOnly && !ban) return null;
  const lon = streetOnly ? ban?.lon : (a.lon ?? ban?.lon);
  const lat = streetOnly ? ban?.lat : (a.lat ?? ban?.lat);
  if (lon === undefined || lat === undefined || lon === null || lat === null) return null;
  const parcel = await addressParcel(db, { cad_parcelles: ban?.cad_parcelles ?? [], lon, lat });
  if (!parcel) return null;
  return { parcel, via: ban?.cad_parcelles.includes(parcel.id) ? 'ban' : 'position' };
}

/** Columns of a sale, `m` the mutation and `s` its statistics row (LEFT JOIN dvf_sales s ON s.id_mutation = m.id_mutation). */
export const SALE_COLUMNS = `m.id_mutation, m.date_mutation::text AS date_mutation, m.nature_mutation, m.valeur_fonciere::float8 AS valeur_fonciere,
  s.surface_reelle_bati::float8 AS surface, s.type_local, s.prix_m2::float8 AS prix_m2, m.nb_locaux, m.id_parcelle`;

export interface SaleRow {
  id_mutation: string;
  date_mutation: string;
  nature_mutation: string;
  valeur_fonciere: number | null;
  surface: number | null;
  type_local: string | null;
  prix_m2: number | null;
  nb_locaux: number;
  id_parcelle: string | null;
}

export function toParcelSale(r: SaleRow): ParcelSale {
  const nature = natureOf(r.nature_mutation);
  return {
    id: r.id_mutation,
    date: r.date_mutation,
    nature: nature ? NATURE_LABELS[nature] : r.nature_mutation,
    price: r.valeur_fonciere,
    surface: r.surface,
    type: r.type_local,
    pricePerM2: r.prix_m2 === null ? null : Math.round(r.prix_m2),
    locaux: r.nb_locaux,
    idParcelle: r.id_parcelle,
  };
}

/** DVF sales touching the parcels, newest first. */
export async function salesOnParcels(db: Queryable, parcelIds: readonly string[], limit = 200): Promise<ParcelSale[]> {
  if (parcelIds.length === 0) return [];
  const rows = await db.query<SaleRow>(
    `SELECT ${SALE_COLUMNS}
       FROM dvf_mutations m LEFT JOIN dvf_sales s ON s.id_mutation = m.id_mutation
      WHERE m.id_mutation IN (SELECT l.id_mutation FROM dvf_lines l WHERE l.id_parcelle = ANY($1::text[]))
      ORDER BY m.date_mutation DESC, m.id_mutation LIMIT $2`,
    [parcelIds, limit],
  );
  return rows.map(toParcelSale);
}

/**
 * What a watched address alerts on: the DVF sales and DPE on its parcel or within its radius that
 * arrived since its watermark, worded as the saved-search tools word theirs (saved-searches).
 */

import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { radiusClause } from '../../db/spatial.js';
import { type AlertRow, DPE_ALERT_COLUMNS, type DpeAlertRow, dpeRow, saleRows } from '../saved-searches/index.js';
import { type ImportWindow, importWindowClause, type TransactionRow } from '../transactions/index.js';

export type { ImportWindow };

/** Rows fetched per alert and run; more are counted on the next run (they stay new until sent). */
export const MAX_ROWS_PER_ALERT = 200;

export interface WatchedAddress {
  lon: number;
  lat: number;
  idParcelle: string | null;
  radiusM: number;
}

/** New DVF sales with a line on the address's parcel or a position within its radius. */
export async function salesNearAddress(db: Queryable, a: WatchedAddress, runs: ImportWindow, limit: number): Promise<AlertRow[]> {
  const p = new Params();
  const near: string[] = [];
  if (a.idParcelle) near.push(`m.id_mutation IN (SELECT l.id_mutation FROM dvf_lines l WHERE l.id_parcelle = ${p.add(a.idParcelle)})`);
  if (a.radiusM > 0) near.push(radiusClause(p, 'm', a.lat, a.lon, a.radiusM));
  if (near.length === 0) return [];
  const rows = await db.query<TransactionRow>(
    `SELECT m.id_mutation, m.date_mutation, m.nature_mutation, m.valeur_fonciere, m.code_commune, m.nom_commune, m.adresse_numero,
            m.adresse_suffixe, m.adresse_nom_voie, m.id_parcelle,
            coalesce((SELECT array_agg(DISTINCT l.code_type_local ORDER BY l.code_type_local) FROM dvf_lines l
                       WHERE l.id_mutation = m.id_mutation AND l.code_type_local IS NOT NULL), '{}') AS type_codes,
            (SELECT sum(l.surface_reelle_bati) FROM dvf_lines l WHERE l.id_mutation = m.id_mutation AND l.code_type_local IN (1, 2, 4)) AS surface
       FROM dvf_mutations m
      WHERE ${importWindowClause(p, 'm', 'id_mutation', 'dvf', runs)} AND (${near.join(' OR ')})
      ORDER BY m.date_mutation DESC, m.id_mutation LIMIT ${p.add(limit)}`,
    p.values,
  );
  return saleRows(db, rows);
}

/**
 * New DPE within the radius, or inside the parcel's bounding box (DPE carry a position, not a
 * parcel id).
 */
export async function dpeNearAddress(db: Queryable, a: WatchedAddress, runs: ImportWindow, limit: number): Promise<AlertRow[]> {
  const p = new Params();
  const near: string[] = [];
  if (a.idParcelle)
    near.push(`EXISTS (SELECT 1 FROM parcels pa WHERE pa.id = ${p.add(a.idParcelle)}
                 AND d.longitude BETWEEN pa.bbox_west AND pa.bbox_east AND d.latitude BETWEEN pa.bbox_south AND pa.bbox_north)`);
  if (a.radiusM > 0) near.push(radiusClause(p, 'd', a.lat, a.lon, a.radiusM));
  if (near.length === 0) return [];
  const rows = await db.query<DpeAlertRow>(
    `SELECT ${DPE_ALERT_COLUMNS}
       FROM dpe d
      WHERE ${importWindowClause(p, 'd', 'numero_dpe', 'dpe', runs)} AND (${near.join(' OR ')})
      ORDER BY d.date_etablissement DESC, d.numero_dpe LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map(dpeRow);
}

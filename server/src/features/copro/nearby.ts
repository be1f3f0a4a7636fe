/**
 * The DPE and DVF sales of a co-ownership whose RNIC record has no cadastral reference (decision
 * 0740): with no parcel to join them on, they are matched by its address, around its
 * position (the RNIC's, else its address geocoded in the loaded BAN).
 * - With a house number and a street: rows with the same number in the same street (folded,
 *   `address-match.logic.ts`) whose point lies within 100 m. DVF points of the DGFiP files are
 *   parcel centroids, tens of metres from the address point of a large co-ownership (up to 74 m
 *   in the Bondy samples); the number and street keep the neighbours out.
 * - Without (« ctre commercial noue caillet »): every row within 25 m, which may be a neighbour.
 */
import type { ParcelSale } from '@immoloupe/shared/dpe/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { withinRadiusSql } from '../../db/spatial.js';
import { SALE_COLUMNS, type SaleRow, toParcelSale } from '../dpe/index.js';
import { geocode } from '../geocode/index.js';
import { type AddressKey, addressKey, sameAddress } from './address-match.logic.js';
import { type CoproDpeRow, type CoproRow, DPE_COLUMNS, NOT_REPLACED } from './queries.js';

/** Around the position, for rows at the co-ownership's number and street. */
export const ADDRESS_RADIUS_M = 100;
/** Around the position, for every row, when the co-ownership's address has no number. */
export const POSITION_RADIUS_M = 25;
const LIMIT = 200;

export interface Proximity {
  by: 'adresse' | 'position';
  radiusM: number;
}

/** The RNIC position, else the co-ownership's address found in the BAN (same commune, same number). */
export async function coproPosition(db: Queryable, row: CoproRow): Promise<{ lon: number; lat: number } | null> {
  if (row.longitude !== null && row.latitude !== null) return { lon: row.longitude, lat: row.latitude };
  if (!row.adresse_reference) return null;
  const hit = (await geocode(db, row.adresse_reference, 5)).find(
    (r) => r.type === 'adresse' && (row.code_insee === null || r.address?.codeInsee === row.code_insee),
  );
  return hit && hit.lon !== null && hit.lat !== null ? { lon: hit.lon, lat: hit.lat } : null;
}

/** The leading house number of an address column, for SQL to keep only the candidates at one of the numbers. */
const leadingNumber = (column: string) => `substring(${column} from '^\\s*(\\d{1,6})')::int`;

export async function nearbyFacts(
  db: Queryable,
  row: CoproRow,
  at: { lon: number; lat: number },
): Promise<{ proximity: Proximity; dpe: CoproDpeRow[]; sales: ParcelSale[] }> {
  const key = addressKey(row.numero_et_voie);
  const proximity: Proximity = key ? { by: 'adresse', radiusM: ADDRESS_RADIUS_M } : { by: 'position', radiusM: POSITION_RADIUS_M };
  const [dpe, sales] = await Promise.all([nearbyDpe(db, at, proximity.radiusM, key), nearbySales(db, at, proximity.radiusM, key)]);
  return { proximity, dpe, sales };
}

async function nearbyDpe(db: Queryable, at: { lon: number; lat: number }, radius: number, key: AddressKey | null) {
  const p = new Params();
  const address = `concat_ws(' ', d.numero_voie_ban, d.nom_rue_ban)`;
  const rows = await db.query<CoproDpeRow & { address: string }>(
    `SELECT ${DPE_COLUMNS}, ${address} AS address FROM dpe d
      WHERE ${withinRadiusSql((v) => p.add(v), at.lat, at.lon, radius, 'd.latitude', 'd.longitude')} AND ${NOT_REPLACED}
        ${key ? `AND ${leadingNumber(address)} = ANY(${p.add(key.numbers)}::int[])` : ''}
      ORDER BY d.date_etablissement DESC, d.numero_dpe ${key ? '' : `LIMIT ${LIMIT}`}`,
    p.values,
  );
  return rows
    .filter((r) => key === null || matches(key, [r.address]))
    .slice(0, LIMIT)
    .map(({ address: _a, ...d }) => d);
}

async function nearbySales(db: Queryable, at: { lon: number; lat: number }, radius: number, key: AddressKey | null) {
  const p = new Params();
  // A mutation's lines may carry several addresses (a building on a corner): any of them at the number.
  const addresses = key
    ? `(SELECT array_agg(DISTINCT concat_ws(' ', l.adresse_numero, l.adresse_suffixe, l.adresse_nom_voie)) FROM dvf_lines l
         WHERE l.id_mutation = m.id_mutation AND ${leadingNumber('l.adresse_numero')} = ANY(${p.add(key.numbers)}::int[]))`
    : 'NULL::text[]';
  const rows = await db.query<SaleRow & { addresses: string[] | null }>(
    `SELECT * FROM (
       SELECT ${SALE_COLUMNS}, ${addresses} AS addresses
         FROM dvf_mutations m LEFT JOIN dvf_sales s ON s.id_mutation = m.id_mutation
        WHERE ${withinRadiusSql((v) => p.add(v), at.lat, at.lon, radius, 'm.latitude', 'm.longitude')}) x
      ${key ? 'WHERE addresses IS NOT NULL' : ''}
      ORDER BY date_mutation DESC, id_mutation ${key ? '' : `LIMIT ${LIMIT}`}`,
    p.values,
  );
  return rows
    .filter((r) => key === null || matches(key, r.addresses ?? []))
    .slice(0, LIMIT)
    .map(toParcelSale);
}

function matches(key: AddressKey, addresses: readonly string[]): boolean {
  return addresses.some((a) => {
    const k = addressKey(a);
    return k !== null && sameAddress(key, k);
  });
}

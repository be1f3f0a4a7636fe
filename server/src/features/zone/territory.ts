/**
 * « Ma zone »: the stored territory of each user, and the zone a search request names once
 * `zone=mine` (or no zone at all, when a territory is set) is resolved into it.
 */
import type { PolygonGeometry } from '@immoloupe/shared/market/polygon';
import {
  type Territory,
  type TerritoryInput,
  ZONE_REQUIRED_MESSAGE,
  type ZoneQueryInput,
  zoneQueryOf,
} from '@immoloupe/shared/zone/contracts';
import type { Queryable } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { communeInfo } from '../../places/commune-info.js';
import type { SqlZoneQuery } from './sql.js';

interface TerritoryRow {
  geometry: PolygonGeometry | string | null;
  communes: string[];
  updated_at: Date | string;
  last_visit_at: Date | string | null;
  seen_dvf_date: string | null;
  seen_dpe_date: string | null;
}

export interface StoredTerritory {
  geometry: PolygonGeometry | null;
  communes: string[];
  updatedAt: string;
  lastVisitAt: string | null;
  seenDvfDate: string | null;
  seenDpeDate: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export async function readTerritory(db: Queryable, userId: string): Promise<StoredTerritory | null> {
  const [r] = await db.query<TerritoryRow>(
    `SELECT geometry, communes, updated_at, last_visit_at, seen_dvf_date::text AS seen_dvf_date, seen_dpe_date::text AS seen_dpe_date
       FROM user_territories WHERE user_id = $1`,
    [userId],
  );
  if (!r) return null;
  return {
    // jsonb comes back parsed from pg and PGlite alike; a string would be an old driver.
    geometry: typeof r.geometry === 'string' ? (JSON.parse(r.geometry) as PolygonGeometry) : r.geometry,
    communes: r.communes,
    updatedAt: iso(r.updated_at),
    lastVisitAt: r.last_visit_at ? iso(r.last_visit_at) : null,
    seenDvfDate: r.seen_dvf_date,
    seenDpeDate: r.seen_dpe_date,
  };
}

/** Saving a new territory restarts the « since the last visit » counts. */
export async function saveTerritory(db: Queryable, userId: string, t: TerritoryInput): Promise<void> {
  await db.query(
    `INSERT INTO user_territories (user_id, geometry, communes, updated_at) VALUES ($1, $2::jsonb, $3::text[], now())
     ON CONFLICT (user_id) DO UPDATE SET geometry = excluded.geometry, communes = excluded.communes, updated_at = now(),
            last_visit_at = NULL, seen_dvf_date = NULL, seen_dpe_date = NULL`,
    [userId, t.geometry ? JSON.stringify(t.geometry) : null, t.communes],
  );
}

export async function deleteTerritory(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM user_territories WHERE user_id = $1 RETURNING user_id', [userId]);
  return rows.length > 0;
}

export function territoryDto(t: StoredTerritory): Territory {
  return {
    // Stored only after validation by polygonGeometrySchema: its positions are [lon, lat] pairs.
    geometry: t.geometry as Territory['geometry'],
    communes: t.communes.map((insee) => {
      const c = communeInfo(insee);
      return { insee, nom: c?.nom ?? insee, codesPostaux: c?.codesPostaux ?? [], ...(c?.mergedInto ? { mergedInto: c.mergedInto } : {}) };
    }),
    updatedAt: t.updatedAt,
    lastVisitAt: t.lastVisitAt,
  };
}

export function territoryZone(t: StoredTerritory): SqlZoneQuery {
  return { kind: 'territory', geometry: t.geometry, communes: t.communes };
}

export const NO_TERRITORY_MESSAGE =
  'Vous n’avez pas encore défini «\u00a0ma zone\u00a0»\u00a0: dessinez-la ou choisissez ses communes sur la page Ma zone.';

/**
 * The zone of a search request: the one it names, or « ma zone » when it says `zone=mine` or
 * names none and the user has one. 400 in French when there is none to use.
 */
export async function resolveZone(
  db: Queryable,
  userId: string | undefined,
  q: ZoneQueryInput,
): Promise<{ zone: SqlZoneQuery; mine: boolean }> {
  const named = zoneQueryOf(q);
  if (typeof named === 'string') throw new HttpError(400, named);
  if (named && named.kind !== 'mine') return { zone: named, mine: false };
  const territory = userId ? await readTerritory(db, userId) : null;
  if (territory) return { zone: territoryZone(territory), mine: true };
  if (named?.kind === 'mine') throw new HttpError(400, NO_TERRITORY_MESSAGE);
  throw new HttpError(400, ZONE_REQUIRED_MESSAGE);
}

/**
 * The DPE and co-ownership searches as vector tiles (layers `dpe` and `copros`), with the very
 * conditions of `GET /api/dpe` and `GET /api/copros` (dpeWhere, coproWhere): markers aggregated on
 * a grid of the tile, each with its count, its worst class (DPE) or syndic type (co-ownerships),
 * and its id when it holds one row (the marker then opens it).
 */
import type { CoproFilter } from '@immoloupe/shared/copro/contracts';
import type { DpeFilter } from '@immoloupe/shared/dpe/contracts';
import type { Feature } from 'geojson';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { inBoxSql } from '../../db/spatial.js';
import { coproWhere } from '../copro/index.js';
import { dpeWhere } from '../dpe/index.js';
import type { SqlZoneQuery } from '../zone/index.js';
import { encodeTile, type TileCoord, tileBounds } from './tiles.logic.js';

export const DPE_LAYER = 'dpe';
export const COPROS_LAYER = 'copros';
/** MapLibre enlarges the tiles of this zoom beyond it. */
export const SEARCH_TILES_MAX_ZOOM = 16;

/** A 16 × 16 grid (32 px markers on a 512 px tile); at the last zoom 128 × 128, about a building. */
export function searchGridBits(z: number): number {
  return z >= SEARCH_TILES_MAX_ZOOM ? 7 : 4;
}

interface MarkerRow {
  n: number;
  lon: number;
  lat: number;
  classe: string | null;
  id: string | null;
}

async function gridTile(
  db: Queryable,
  p: Params,
  layer: string,
  q: { table: string; alias: string; where: string; classExpr: string; idExpr: string },
  t: TileCoord,
): Promise<Uint8Array> {
  const [w, s, e, n] = tileBounds(t);
  const a = q.alias;
  const cells = 2 ** searchGridBits(t.z);
  // Half-open bounds: a row on the edge of two tiles is counted once.
  const rows = await db.query<MarkerRow>(
    `SELECT count(*)::int AS n, avg(m.lon) AS lon, avg(m.lat) AS lat, max(m.classe) AS classe,
            CASE WHEN count(*) = 1 THEN min(m.id) END AS id
       FROM (SELECT ${a}.longitude AS lon, ${a}.latitude AS lat, ${q.classExpr} AS classe, ${q.idExpr} AS id
               FROM ${q.table} ${a}
              WHERE ${q.where} AND ${inBoxSql((v) => p.add(v), `${a}.longitude`, `${a}.latitude`, [w, s, e, n])}
                AND ${a}.longitude >= ${p.add(w)} AND ${a}.longitude < ${p.add(e)}
                AND ${a}.latitude >= ${p.add(s)} AND ${a}.latitude < ${p.add(n)}) m
      GROUP BY floor((m.lon - ${p.add(w)}) / ${p.add((e - w) / cells)}), floor((m.lat - ${p.add(s)}) / ${p.add((n - s) / cells)})`,
    p.values,
  );
  const features: Feature[] = rows.map((r) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
    // Absent rather than null: a vector tile has no null values.
    properties: { count: r.n, ...(r.classe === null ? {} : { classe: r.classe }), ...(r.id === null ? {} : { id: r.id }) },
  }));
  return encodeTile(t, { [layer]: features });
}

export function buildDpeTile(db: Queryable, f: Partial<DpeFilter>, zone: SqlZoneQuery, t: TileCoord): Promise<Uint8Array> {
  const p = new Params();
  return gridTile(
    db,
    p,
    DPE_LAYER,
    { table: 'dpe', alias: 'd', where: dpeWhere(p, f, zone), classExpr: 'd.etiquette_dpe', idExpr: 'd.numero_dpe' },
    t,
  );
}

export function buildCoprosTile(
  db: Queryable,
  f: Partial<CoproFilter>,
  zone: SqlZoneQuery,
  asOf: string | null,
  t: TileCoord,
): Promise<Uint8Array> {
  const p = new Params();
  return gridTile(
    db,
    p,
    COPROS_LAYER,
    // No class for a co-ownership: the marker colour is the syndic type.
    {
      table: 'copros',
      alias: 'c',
      where: coproWhere(p, f, zone, asOf),
      classExpr: 'c.type_syndic',
      idExpr: 'c.numero_immatriculation',
    },
    t,
  );
}

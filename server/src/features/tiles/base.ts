/**
 * The offline basemap as vector tiles, drawn from our own data: commune outlines, cadastral
 * section outlines (from zoom 11), parcels and street names (from zoom 14). A tile is built once
 * and kept in `map_tiles` until the next cadastre or BAN import empties it.
 */
import type { Feature, Geometry } from 'geojson';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { inBoxSql } from '../../db/spatial.js';
import { communeName } from '../../places/commune-info.js';
import { encodeTile, type TileCoord, tileBounds } from './tiles.logic.js';

export const BASE_LAYER = 'base';
export const SECTIONS_MIN_ZOOM = 11;
export const PARCELS_MIN_ZOOM = 14;
/** Above this zoom MapLibre stretches the tiles of this one: parcels are already exact there. */
export const BASE_MAX_ZOOM = 16;
/** Beyond, a tile would be a département's worth of parcels: the map is not readable there anyway. */
const MAX_PARCELS_PER_TILE = 20_000;

const boxClause = 'box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)) && box(point($1, $2), point($3, $4))';

function feature(geometry: Geometry, properties: Record<string, string | number>): Feature {
  return { type: 'Feature', geometry, properties };
}

/**
 * Where a shape's name goes: the middle of the bounding box of its largest part, so that a
 * section or commune made of many blocks is named once, not once per block.
 */
export function labelPoint(g: Geometry): [number, number] | null {
  const parts = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  let best: [number, number] | null = null;
  let bestArea = -1;
  for (const part of parts) {
    const ring = part[0] ?? [];
    const xs = ring.map((c) => c[0] as number);
    const ys = ring.map((c) => c[1] as number);
    if (xs.length === 0) continue;
    const area = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
    if (area > bestArea) {
      bestArea = area;
      best = [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2];
    }
  }
  return best;
}

function labels(features: Feature[]): Feature[] {
  return features.flatMap((f) => {
    const at = labelPoint(f.geometry);
    return at ? [{ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: at }, properties: f.properties }] : [];
  });
}

const noZeros = (s: string) => s.replace(/^0+(?=.)/, '');

export async function buildBaseTile(db: Queryable, tile: TileCoord): Promise<Uint8Array> {
  const box = tileBounds(tile, 64 / 4096);
  const communes = await db.query<{ code_commune: string; geometry: Geometry }>(
    `SELECT code_commune, geometry FROM commune_outlines WHERE ${boxClause}`,
    box,
  );
  const layers: Record<string, Feature[]> = {
    communes: communes.map((c) => feature(c.geometry, { code: c.code_commune, nom: communeName(c.code_commune) })),
  };
  layers.communes_noms = labels(layers.communes ?? []);
  if (tile.z >= SECTIONS_MIN_ZOOM) {
    const sections = await db.query<{ code_section: string; section: string; geometry: Geometry }>(
      `SELECT code_section, section, geometry FROM cadastre_sections WHERE ${boxClause}`,
      box,
    );
    // The prefixe (000 for most communes) only matters where a commune absorbed another.
    layers.sections = sections.map((s) =>
      feature(s.geometry, { code: s.code_section, nom: s.section.startsWith('000') ? noZeros(s.section.slice(3)) : s.section }),
    );
    layers.sections_noms = labels(layers.sections);
  }
  if (tile.z >= PARCELS_MIN_ZOOM) {
    const parcels = await db.query<{ id: string; numero: string; geometry: Geometry }>(
      `SELECT id, numero, geometry FROM parcels WHERE is_current AND ${boxClause} LIMIT ${MAX_PARCELS_PER_TILE}`,
      box,
    );
    layers.parcelles = parcels.map((p) => feature(p.geometry, { id: p.id, numero: noZeros(p.numero) }));
    const [w, s, e, n] = tileBounds(tile);
    // One label per street and tile, at the mean position of its addresses inside the tile.
    const v = new Params();
    // The GiST index on point(lon, lat) narrows the rows; the BETWEENs keep exact edges.
    const voies = await db.query<{ nom_voie: string; lon: number; lat: number }>(
      `SELECT min(nom_voie) AS nom_voie, avg(lon) AS lon, avg(lat) AS lat FROM ban_addresses
        WHERE ${inBoxSql((x) => v.add(x), 'lon', 'lat', [w, s, e, n])}
          AND lon BETWEEN ${v.add(w)} AND ${v.add(e)} AND lat BETWEEN ${v.add(s)} AND ${v.add(n)}
        GROUP BY voie_key`,
      v.values,
    );
    layers.voies = voies.map((v) => feature({ type: 'Point', coordinates: [v.lon, v.lat] }, { nom: v.nom_voie }));
  }
  return encodeTile(tile, layers);
}

/** The cached tile, or a new one stored for the next request. */
export async function baseTile(db: Queryable, tile: TileCoord): Promise<Uint8Array> {
  const [hit] = await db.query<{ data: Uint8Array }>('SELECT data FROM map_tiles WHERE layer = $1 AND z = $2 AND x = $3 AND y = $4', [
    BASE_LAYER,
    tile.z,
    tile.x,
    tile.y,
  ]);
  if (hit) return hit.data;
  const data = await buildBaseTile(db, tile);
  await db.query('INSERT INTO map_tiles (layer, z, x, y, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
    BASE_LAYER,
    tile.z,
    tile.x,
    tile.y,
    data,
  ]);
  return data;
}

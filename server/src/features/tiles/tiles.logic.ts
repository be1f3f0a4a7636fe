/**
 * Web Mercator tile arithmetic and Mapbox Vector Tile encoding (geojson-vt cuts and simplifies,
 * @maplibre/vt-pbf writes the protobuf): pure functions, so the routes only fetch features.
 */
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature } from 'geojson';
import GeoJSONVT from 'geojson-vt';

export const MAX_TILE_ZOOM = 22;

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** Parses `z/x/y` path parts; null when they do not name a tile. */
export function parseTile(z: string, x: string, y: string): TileCoord | null {
  if (![z, x, y].every((v) => /^\d{1,8}$/.test(v))) return null;
  const t = { z: Number(z), x: Number(x), y: Number(y) };
  if (t.z > MAX_TILE_ZOOM || t.x >= 2 ** t.z || t.y >= 2 ** t.z) return null;
  return t;
}

function lonOf(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

function latOf(y: number, z: number): number {
  const n = Math.PI * (1 - (2 * y) / 2 ** z);
  return (Math.atan(Math.sinh(n)) * 180) / Math.PI;
}

/**
 * The tile's [west, south, east, north] in degrees, grown by `margin` (a fraction of the tile's
 * size) so that shapes crossing its edge are drawn up to the edge and labels are not cut.
 */
export function tileBounds({ z, x, y }: TileCoord, margin = 0): [number, number, number, number] {
  return [lonOf(x - margin, z), latOf(y + 1 + margin, z), lonOf(x + 1 + margin, z), latOf(y - margin, z)];
}

/** The tile containing a point at a zoom. */
export function tileOf(lon: number, lat: number, z: number): TileCoord {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

/** Encodes layers of GeoJSON features (in degrees) as one vector tile; empty layers are left out. */
export function encodeTile(tile: TileCoord, layers: Record<string, Feature[]>): Uint8Array {
  const cut: Parameters<typeof fromGeojsonVt>[0] = {};
  for (const [name, features] of Object.entries(layers)) {
    if (features.length === 0) continue;
    // Only this tile is asked for: no index kept above it, full detail at its zoom.
    const index = new GeoJSONVT(
      { type: 'FeatureCollection', features },
      { maxZoom: tile.z, indexMaxZoom: 0, indexMaxPoints: 0, buffer: 64, tolerance: 2 },
    );
    const t = index.getTile(tile.z, tile.x, tile.y);
    if (t && t.features.length > 0) cut[name] = t as Parameters<typeof fromGeojsonVt>[0][string];
  }
  return fromGeojsonVt(cut, { version: 2, extent: 4096 });
}

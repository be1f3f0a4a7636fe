/**
 * Cache of the data tiles (sales, DPE, co-ownerships), keyed by layer, tile, the validated filter,
 * the resolved zone and the data versions of the tables the layer reads (`map_data_versions`,
 * bumped by the imports' own transactions). The key is also the tile's ETag: a browser asking
 * again gets a 304 without the tile being rebuilt, and an import changes every key at once.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Queryable } from '../../db/client.js';
import type { TileCoord } from './tiles.logic.js';

/** Keeps the most recently used tiles up to a byte budget (a tile is 1–50 KiB). */
export class TileCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): Uint8Array | undefined {
    const data = this.entries.get(key);
    if (data) {
      // Re-inserted: a Map iterates in insertion order, so the first entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, data);
    }
    return data;
  }

  set(key: string, data: Uint8Array): void {
    this.entries.delete(key);
    this.entries.set(key, data);
    this.bytes += data.byteLength;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The data versions of the given layers, e.g. `copros:3,dpe:7`. */
export async function dataVersions(db: Queryable, layers: readonly string[]): Promise<string> {
  const rows = await db.query<{ layer: string; version: string | number }>(
    'SELECT layer, version FROM map_data_versions WHERE layer = ANY($1::text[]) ORDER BY layer',
    [layers],
  );
  return rows.map((r) => `${r.layer}:${r.version}`).join(',');
}

/** JSON with sorted keys, so that two spellings of one filter share a key. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

export function tileKey(layer: string, t: TileCoord, filter: unknown, versions: string): string {
  return createHash('sha256')
    .update(`${layer}/${t.z}/${t.x}/${t.y}\n${canonical(filter)}\n${versions}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Answers a tile request: 304 when the browser holds this very tile, else the cached tile or a
 * new one. `no-cache`: the browser revalidates each time, so an import shows at once.
 */
export async function sendTile(
  req: Request,
  res: Response,
  cache: TileCache,
  key: string,
  build: () => Promise<Uint8Array>,
): Promise<void> {
  const etag = `"${key}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  const asked = req.headers['if-none-match'];
  if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.status(304).end();
    return;
  }
  let data = cache.get(key);
  if (!data) {
    data = await build();
    cache.set(key, data);
  }
  res.type('application/vnd.mapbox-vector-tile').send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

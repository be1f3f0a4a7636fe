/**
 * Vector tiles for the maps, subscriber or access key: `GET /api/tiles/base/{z}/{x}/{y}.pbf`, the
 * offline basemap drawn from our own data (communes, sections, parcels, street names), and
 * `GET /api/tiles/base/extent`, where it has something to draw (extent.ts), and
 * `GET /api/tiles/base/coverage?bbox=…`, which of its sources a view holds (coverage.ts);
 * `GET /api/tiles/ventes/{z}/{x}/{y}.pbf?<filters of /api/transactions>`, the sales of the
 * transactions map (clusters, then single sales from zoom 15); `GET /api/tiles/dpe/…` and
 * `GET /api/tiles/copros/…` with the filters of `/api/dpe` and `/api/copros` (markers aggregated
 * per tile, « ma zone » when no zone is named). Never a whole GeoJSON download. Data tiles are
 * cached by filter and data version, with an ETag (cache.ts).
 */
import { coproFilterSchema } from '@immoloupe/shared/copro/contracts';
import { dpeFilterSchema } from '@immoloupe/shared/dpe/contracts';
import { type BaseCoverage, type BaseExtent, baseCoverageQuerySchema, baseExtentQuerySchema } from '@immoloupe/shared/map/contracts';
import { transactionFilterSchema } from '@immoloupe/shared/market/transactions-contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { rnicDate } from '../copro/index.js';
import { resolvePlace } from '../transactions/index.js';
import { resolveZone } from '../zone/index.js';
import { baseTile } from './base.js';
import { dataVersions, sendTile, TileCache, tileKey } from './cache.js';
import { baseCoverage } from './coverage.js';
import { baseExtent } from './extent.js';
import { buildSalesTile, SALES_LAYER } from './sales.js';
import { buildCoprosTile, buildDpeTile, COPROS_LAYER, DPE_LAYER } from './searches.js';
import { parseTile } from './tiles.logic.js';

function tileParam(params: Record<string, string | string[] | undefined>) {
  const t = parseTile(String(params.z), String(params.x), String(params.y));
  if (!t) throw new HttpError(400, 'Tuile invalide\u00a0: z/x/y attendus, avec x et y inférieurs à 2^z.');
  return t;
}

/**
 * `buildId`: part of every tile's key, so that a new build (a query or an encoding changed) never
 * answers 304 to a tile a browser kept from the one before.
 */
export function tileRoutes({ db, cache = new TileCache(), buildId = '' }: { db: Db; cache?: TileCache; buildId?: string }): Router {
  const router = Router();
  const versionsOf = async (layers: readonly string[]) => `${buildId};${await dataVersions(db, layers)}`;

  router.get('/tiles/base/extent', requireSubscriber, async (req, res) => {
    const { insee } = baseExtentQuerySchema.parse(req.query);
    const body: BaseExtent = { bounds: await baseExtent(db, insee ?? null) };
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.json(body);
  });

  router.get('/tiles/base/coverage', requireSubscriber, async (req, res) => {
    const { bbox } = baseCoverageQuerySchema.parse(req.query);
    const body: BaseCoverage = await baseCoverage(db, bbox ?? null);
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.json(body);
  });

  router.get('/tiles/base/:z/:x/:y.pbf', requireSubscriber, async (req, res) => {
    const data = await baseTile(db, tileParam(req.params));
    // Short: a cadastre or BAN import replaces the tiles.
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.type('application/vnd.mapbox-vector-tile').send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });

  router.get(`/tiles/${SALES_LAYER}/:z/:x/:y.pbf`, requireSubscriber, async (req, res) => {
    const tile = tileParam(req.params);
    const f = transactionFilterSchema.parse(req.query);
    const place = await resolvePlace(db, req.user?.id, f);
    // The resolved place is in the key: two users' « ma zone » never share a tile.
    const key = tileKey(SALES_LAYER, tile, { f, place }, await versionsOf([SALES_LAYER]));
    await sendTile(req, res, cache, key, () => buildSalesTile(db, f, place, tile));
  });

  router.get(`/tiles/${DPE_LAYER}/:z/:x/:y.pbf`, requireSubscriber, async (req, res) => {
    const tile = tileParam(req.params);
    const f = dpeFilterSchema.parse(req.query);
    const { zone } = await resolveZone(db, req.user?.id, f);
    // The resolved zone is in the key: two users' « ma zone » never share a tile.
    const key = tileKey(DPE_LAYER, tile, { f, zone }, await versionsOf([DPE_LAYER]));
    await sendTile(req, res, cache, key, () => buildDpeTile(db, f, zone, tile));
  });

  router.get(`/tiles/${COPROS_LAYER}/:z/:x/:y.pbf`, requireSubscriber, async (req, res) => {
    const tile = tileParam(req.params);
    const f = coproFilterSchema.parse(req.query);
    const { zone } = await resolveZone(db, req.user?.id, f);
    const versions = await versionsOf(f.dpeFG ? [COPROS_LAYER, DPE_LAYER] : [COPROS_LAYER]);
    const key = tileKey(COPROS_LAYER, tile, { f, zone }, versions);
    await sendTile(req, res, cache, key, async () => {
      // Only the mandate filters count from the RNIC data date.
      const asOf = f.mandate || f.endsWithin !== undefined ? await rnicDate(db) : null;
      return buildCoprosTile(db, f, zone, asOf, tile);
    });
  });

  return router;
}

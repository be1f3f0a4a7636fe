/**
 * Vector tiles for the maps, subscriber or access key: `GET /api/tiles/base/{z}/{x}/{y}.pbf`, the
 * offline basemap drawn from our own data (communes, sections, parcels, street names), and
 * `GET /api/tiles/ventes/{z}/{x}/{y}.pbf?<filters of /api/transactions>`, the sales of the
 * transactions map (clusters, then single sales from zoom 15), never a whole GeoJSON download.
 */
import { transactionFilterSchema } from '@immoloupe/shared/market/transactions-contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { resolvePlace } from '../transactions/place.js';
import { baseTile } from './base.js';
import { buildSalesTile } from './sales.js';
import { parseTile } from './tiles.logic.js';

function tileParam(params: Record<string, string | string[] | undefined>) {
  const t = parseTile(String(params.z), String(params.x), String(params.y));
  if (!t) throw new HttpError(400, 'Tuile invalide : z/x/y attendus, avec x et y inférieurs à 2^z.');
  return t;
}

export function tileRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/tiles/base/:z/:x/:y.pbf', requireSubscriber, async (req, res) => {
    const data = await baseTile(db, tileParam(req.params));
    // Short: a cadastre or BAN import replaces the tiles.
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.type('application/vnd.mapbox-vector-tile').send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });

  router.get('/tiles/ventes/:z/:x/:y.pbf', requireSubscriber, async (req, res) => {
    const tile = tileParam(req.params);
    const f = transactionFilterSchema.parse(req.query);
    const place = await resolvePlace(db, req.user?.id, f);
    const data = await buildSalesTile(db, f, place, tile);
    res.setHeader('Cache-Control', 'private, max-age=60');
    res.type('application/vnd.mapbox-vector-tile').send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });

  return router;
}

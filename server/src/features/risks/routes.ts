/**
 * Risks and permits around a parcel or a point (subscribers, as the parcel sheet):
 * `GET /api/parcels/:id/risks`, `GET /api/parcels/:id/permits`, `GET /api/risks?lat=&lon=&insee=`
 * (the address analysis), `GET /api/permits?lat=&lon=&rayon=&depuis=` and the permit search
 * `GET /api/permits/search?commune=&du=&au=&liste=&type=&logementsMin=&section=&numero=`.
 */

import {
  PERMIT_RADIUS_M,
  type PermitSearch,
  type Permits,
  permitSearchQuerySchema,
  permitsQuerySchema,
} from '@immoloupe/shared/permits/contracts';
import { type Risks, riskPointQuerySchema } from '@immoloupe/shared/risks/contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { parcelIdParam, unknownParcel } from '../../http/parcel-id.js';
import { searchPermits } from './permit-search.js';
import { permitsAround, risksAt } from './queries.js';

async function parcelPoint(db: Db, raw: string): Promise<{ lat: number; lon: number; insee: string }> {
  const id = parcelIdParam(raw);
  const [p] = await db.query<{ lat: number; lon: number; insee: string }>(
    'SELECT centroid_lat AS lat, centroid_lon AS lon, code_commune AS insee FROM parcels WHERE id = $1',
    [id],
  );
  if (!p) throw unknownParcel(id);
  return p;
}

export function riskRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/parcels/:id/risks', requireSubscriber, async (req, res) => {
    const at = await parcelPoint(deps.db, String(req.params.id));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await risksAt(deps.db, at)) satisfies Risks);
  });
  router.get('/parcels/:id/permits', requireSubscriber, async (req, res) => {
    const at = await parcelPoint(deps.db, String(req.params.id));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await permitsAround(deps.db, at, PERMIT_RADIUS_M)) satisfies Permits);
  });
  router.get('/risks', requireSubscriber, async (req, res) => {
    const q = riskPointQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await risksAt(deps.db, q)) satisfies Risks);
  });
  router.get('/permits/search', requireSubscriber, async (req, res) => {
    const q = permitSearchQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await searchPermits(deps.db, q)) satisfies PermitSearch);
  });
  router.get('/permits', requireSubscriber, async (req, res) => {
    const q = permitsQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await permitsAround(deps.db, q, q.rayon, q.depuis)) satisfies Permits);
  });
  return router;
}

/**
 * `GET /api/parcels/:id/urbanisme` (subscribers, as the parcel sheet): the PLU / PLUi zones of the
 * parcel with the share of its area, the prescriptions and informations touching it, and the
 * document versions they come from. `GET /api/urbanisme/zones?bbox=` (subscribers): the zones of a
 * map view, for the parcel search's zoning layer.
 */
import { type ParcelUrbanism, type Zoning, zoningQuerySchema } from '@immoloupe/shared/urbanism/contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { parcelIdParam, unknownParcel } from '../../http/parcel-id.js';
import { parcelUrbanism } from './parcel-urbanism.js';
import { zoningOf } from './zoning.js';

export function urbanismRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/parcels/:id/urbanisme', requireSubscriber, async (req, res) => {
    const id = parcelIdParam(String(req.params.id));
    const found = await parcelUrbanism(deps.db, id);
    if (!found) throw unknownParcel(id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(found satisfies ParcelUrbanism);
  });
  router.get('/urbanisme/zones', requireSubscriber, async (req, res) => {
    const { bbox } = zoningQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await zoningOf(deps.db, bbox)) satisfies Zoning);
  });
  return router;
}

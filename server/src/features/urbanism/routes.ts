/**
 * `GET /api/parcels/:id/urbanisme` (subscribers, as the parcel sheet): the PLU / PLUi zones of the
 * parcel with the share of its area, the prescriptions and informations touching it, and the
 * document versions they come from.
 */
import type { ParcelUrbanism } from '@immoloupe/shared/urbanism/contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { parcelIdParam, unknownParcel } from '../parcels/index.js';
import { parcelUrbanism } from './parcel-urbanism.js';

export function urbanismRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/parcels/:id/urbanisme', requireSubscriber, async (req, res) => {
    const id = parcelIdParam(String(req.params.id));
    const found = await parcelUrbanism(deps.db, id);
    if (!found) throw unknownParcel(id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(found satisfies ParcelUrbanism);
  });
  return router;
}

/** `GET /api/rents`: the rent references of a commune (Carte des loyers), subscriber-only. */
import { rentQuerySchema } from '@immoloupe/shared/rents/contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { rentReferences } from './queries.js';

export function rentRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/rents', requireSubscriber, async (req, res) => {
    const q = rentQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ insee: q.insee, references: await rentReferences(db, q.insee, { dwelling: q.type, edition: q.edition }) });
  });

  return router;
}

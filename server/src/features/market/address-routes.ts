/**
 * `GET /api/market/address` (the address analysis of /pro/analyseadresse). The addresses saved
 * from it live in `../saved-addresses/`.
 */
import { parisIsoDate } from '@immoloupe/shared/format';
import { addressQuerySchema } from '@immoloupe/shared/market/address-contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { analyseAddress } from './address.js';

export function addressRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/market/address', requireSubscriber, async (req, res) => {
    const q = addressQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await analyseAddress(db, q, parisIsoDate(new Date())));
  });

  return router;
}

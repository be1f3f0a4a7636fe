/**
 * `/api/keys`: the signed-in user's own access keys (list, create, revoke). Keys are managed
 * from a browser session only: a key cannot mint or revoke keys.
 */
import { createKeyRequestSchema } from '@immoloupe/shared/accounts/contracts';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { countKeys, createKey, listKeys, MAX_KEYS_PER_USER, revokeKey } from './access-keys.js';

const idSchema = z.uuid({ error: 'Clé introuvable.' });

export const KEYS_NEED_SUBSCRIPTION =
  'Un abonnement actif est nécessaire pour créer une clé d’accès\u00a0: une clé donne accès aux outils réservés aux abonnés.';

const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.via !== 'session')
    return next(new HttpError(403, 'Les clés d’accès se gèrent depuis votre compte, connecté dans le navigateur.'));
  next();
};

export function keyRoutes(deps: { db: Db }): express.Router {
  const { db } = deps;
  const router = express.Router();
  router.use('/keys', requireUser, sessionOnly);

  router.get('/keys', async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ keys: await listKeys(db, (req.user as { id: string }).id) });
  });

  router.post('/keys', async (req, res) => {
    // A key opens the subscribers' tools: creating one follows the pages' rule. Listing and
    // revoking stay open, so that a lapsed subscriber can still clean up.
    const user = req.user as { id: string; role: string; aboactif: boolean };
    if (user.role !== 'admin' && !user.aboactif) throw new HttpError(403, KEYS_NEED_SUBSCRIPTION);
    const { name } = createKeyRequestSchema.parse(req.body);
    const userId = user.id;
    if ((await countKeys(db, userId)) >= MAX_KEYS_PER_USER) {
      throw new HttpError(409, `Vous avez déjà ${MAX_KEYS_PER_USER} clés\u00a0: révoquez-en une avant d’en créer une autre.`);
    }
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await createKey(db, userId, name));
  });

  router.delete('/keys/:id', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    // Someone else's key answers exactly like a missing one.
    if (!id.success || !(await revokeKey(db, (req.user as { id: string }).id, id.data))) throw new HttpError(404, 'Clé introuvable.');
    res.status(204).end();
  });

  return router;
}

/**
 * `GET /api/parcels/:id/urbanisme` (subscribers, as the parcel sheet): the PLU / PLUi zones of the
 * parcel with the share of its area, the prescriptions and informations touching it, and the
 * document versions they come from.
 */
import { PARCEL_ID } from '@immoloupe/shared/parcels/sheet-contracts';
import type { ParcelUrbanism } from '@immoloupe/shared/urbanism/contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { parcelUrbanism } from './parcel-urbanism.js';

export function urbanismRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/parcels/:id/urbanisme', requireSubscriber, async (req, res) => {
    const id = String(req.params.id).toUpperCase();
    if (!PARCEL_ID.test(id))
      throw new HttpError(
        400,
        'Identifiant de parcelle invalide\u00a0: 14 caractères attendus (code INSEE, préfixe, section, numéro), par exemple 93010000AC0013.',
      );
    const found = await parcelUrbanism(deps.db, id);
    if (!found) throw new HttpError(404, `Parcelle inconnue\u00a0: ${id} (cadastre de la commune non importé, ou identifiant erroné).`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(found satisfies ParcelUrbanism);
  });
  return router;
}

/**
 * Parcel search (`GET /api/parcels`, subscribers): the parcels of a commune (INSEE code or name) or of « ma zone »,
 * optionally of one section, one number, an area range, with their outlines; plus the sections of
 * the commune and the vintage of its cadastre, and each parcel's first BAN address (as its sheet
 * gives it). Current parcels only, unless `anciennes=1`.
 */
import { parcelSearchQuerySchema } from '@immoloupe/shared/opendata/contracts';
import type { ParcelSearchResult } from '@immoloupe/shared/parcels/search-contracts';
import type { ParcelSheet } from '@immoloupe/shared/parcels/sheet-contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { parcelIdParam, unknownParcel } from '../../http/parcel-id.js';
import { buildingsMissing, landOfParcels } from '../land/index.js';
import { NO_TERRITORY_MESSAGE, readTerritory } from '../zone/index.js';
import { firstParcelAddresses } from './addresses.js';
import { resolveCommune } from './commune.js';
import { ownersMissing, parcelsOfZone } from './queries.js';
import { parcelSheet } from './sheet.js';

export function parcelRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/parcels', requireSubscriber, async (req, res) => {
    const q = parcelSearchQuerySchema.parse(req.query);
    if (q.commune) {
      const commune = resolveCommune(q.commune);
      if (!commune) throw new HttpError(404, `Commune introuvable\u00a0: « ${q.commune} ».`);
      const [found, missing, noBuildings] = await Promise.all([
        parcelsOfZone(deps.db, { kind: 'commune', code: commune.code }, q),
        ownersMissing(deps.db, [commune.code]),
        buildingsMissing(deps.db, [commune.mergedInto?.insee ?? commune.code]),
      ]);
      res.json({
        commune: {
          code: commune.code,
          nom: commune.nom,
          codesPostaux: commune.codesPostaux,
          ...(commune.mergedInto ? { mergedInto: commune.mergedInto } : {}),
        },
        mine: false,
        ...found,
        ownersMissing: missing,
        addresses: await firstParcelAddresses(deps.db, found.parcels),
        land: await landOfParcels(
          deps.db,
          found.parcels.map((p) => p.id),
        ),
        buildingsMissing: noBuildings,
      } satisfies ParcelSearchResult);
      return;
    }
    // No commune: « ma zone », this user's only.
    const territory = req.user ? await readTerritory(deps.db, req.user.id) : null;
    if (!territory) throw new HttpError(400, q.zone === 'mine' ? NO_TERRITORY_MESSAGE : 'Indiquez une commune (nom ou code INSEE).');
    const found = await parcelsOfZone(deps.db, { kind: 'territory', geometry: territory.geometry, communes: territory.communes }, q);
    // A drawn zone names no commune: the parcels found tell which départements it reaches.
    const reached = [...territory.communes, ...found.parcels.map((p) => p.codeCommune)];
    const [missing, addresses, land, noBuildings] = await Promise.all([
      ownersMissing(deps.db, reached),
      firstParcelAddresses(deps.db, found.parcels),
      landOfParcels(
        deps.db,
        found.parcels.map((p) => p.id),
      ),
      buildingsMissing(deps.db, reached),
    ]);
    res.json({
      commune: null,
      mine: true,
      ...found,
      ownersMissing: missing,
      addresses,
      land,
      buildingsMissing: noBuildings,
    } satisfies ParcelSearchResult);
  });
  router.get('/parcels/:id', requireSubscriber, async (req, res) => {
    const id = parcelIdParam(String(req.params.id));
    const sheet = await parcelSheet(deps.db, id);
    if (!sheet) throw unknownParcel(id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(sheet satisfies ParcelSheet);
  });
  return router;
}

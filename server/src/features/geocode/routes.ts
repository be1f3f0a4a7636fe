/**
 * Public address search: `GET /api/geocode?q=…&limit=…` and `GET /api/reverse?lat=…&lon=…`.
 * They return BAN addresses, communes and cadastral parcels (public data, no DVF row). Imported
 * data first; the Géoplateforme geocoder, when configured, for what was not imported.
 */
import { type GeocodeResponse, geocodeQuerySchema, reverseQuerySchema } from '@immoloupe/shared/opendata/contracts';
import { Router } from 'express';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { geocode, reverse } from './geocode.js';
import { geoplateformeReverse, geoplateformeSearch } from './geoplateforme.js';

export function geocodeRoutes(deps: { db: Db; log: Logger; geocoderUrl: string | null }): Router {
  const router = Router();

  router.get('/geocode', async (req, res) => {
    const { q, limit } = geocodeQuerySchema.parse(req.query);
    let results = await geocode(deps.db, q, limit);
    if (results.length === 0 && deps.geocoderUrl)
      results = (await geoplateformeSearch(deps.geocoderUrl, q, limit, deps.log)).slice(0, limit);
    res.set('cache-control', 'public, max-age=300');
    res.json({ query: q, results } satisfies GeocodeResponse);
  });

  router.get('/reverse', async (req, res) => {
    const { lat, lon } = reverseQuerySchema.parse(req.query);
    let results = await reverse(deps.db, lon, lat);
    if (!results.some((r) => r.type === 'adresse') && deps.geocoderUrl) {
      results = [...(await geoplateformeReverse(deps.geocoderUrl, lon, lat, deps.log)), ...results];
    }
    res.set('cache-control', 'public, max-age=300');
    res.json({ query: `${lat},${lon}`, results } satisfies GeocodeResponse);
  });

  return router;
}

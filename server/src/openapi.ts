/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 description of the API, assembled from the paths each
 * feature describes, generated from the very zod contracts the server validates with (so it
 * cannot drift from the code). Public: it describes the API, it holds no data.
 */
import { Router } from 'express';
import { extensionOpenApiPaths } from './features/extension/openapi-paths.js';
import { listingOpenApiPaths } from './features/listings/openapi-paths.js';
import { marketOpenApiPaths } from './features/market/openapi.js';
import { riskOpenApiPaths } from './features/risks/openapi.js';
import { tilePaths } from './features/tiles/openapi.js';
import { urbanismOpenApiPaths } from './features/urbanism/openapi.js';
import { prospectingSearchPaths } from './features/zone/openapi.js';

export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Immoloupe — marché immobilier (DVF)',
      version: '1.0.0',
      description:
        'Statistiques de prix au m², ventes DVF, analyse d’adresse et avis de valeur, selon la méthodologie publiée sur /methodo. ' +
        'Réservée aux abonnés\u00a0: cookie de session, ou clé d’accès personnelle en `Authorization: Bearer iml_…` (créée sur /pro/creer_cle). ' +
        'Les requêtes POST avec un cookie de session portent aussi l’en-tête `x-csrf-token` (copie du cookie `immoloupe.csrf`).',
    },
    servers: [{ url: `${publicUrl}/api` }],
    security: [{ accessKey: [] }, { session: [] }],
    components: {
      securitySchemes: {
        accessKey: { type: 'http', scheme: 'bearer', description: 'Clé d’accès personnelle (iml_…).' },
        session: { type: 'apiKey', in: 'cookie', name: 'authjs.session-token' },
      },
    },
    paths: {
      ...prospectingSearchPaths(),
      ...listingOpenApiPaths(),
      ...riskOpenApiPaths(),
      ...urbanismOpenApiPaths(),
      ...extensionOpenApiPaths(),
      ...marketOpenApiPaths(),
      ...tilePaths(),
    },
  };
}

export function openApiRoutes({ publicUrl }: { publicUrl: string }): Router {
  const router = Router();
  let cached: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    cached ??= JSON.stringify(openApiDocument(publicUrl));
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/json').send(cached);
  });
  return router;
}

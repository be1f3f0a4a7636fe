/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 description of the market API, generated from the very
 * zod contracts the server validates with (so it cannot drift from the code). Public: it describes
 * the API, it holds no data.
 */

import { addressAnalysisSchema, addressQuerySchema } from '@immoloupe/shared/market/address-contracts';
import { marketAnalysisResponseSchema, marketStatsQuerySchema, marketStatsResponseSchema } from '@immoloupe/shared/market/contracts';
import { estimateRequestSchema, estimateResponseSchema } from '@immoloupe/shared/market/estimate-contracts';
import {
  mutationDetailSchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionPointsSchema,
} from '@immoloupe/shared/market/transactions-contracts';
import { rentQuerySchema, rentsResponseSchema } from '@immoloupe/shared/rents/contracts';
import { Router } from 'express';
import { type ZodType, z } from 'zod';
import { extensionOpenApiPaths } from '../extension/openapi-paths.js';
import { listingOpenApiPaths } from '../listings/openapi-paths.js';
import { riskOpenApiPaths } from '../risks/openapi.js';
import { tilePaths } from '../tiles/openapi.js';
import { prospectingSearchPaths } from '../zone/openapi.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[]; type?: unknown };

export function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Query parameters from a query schema; lists are comma-separated (`style: form, explode: false`). */
export function queryParameters(schema: ZodType, descriptions: Record<string, string> = {}) {
  const s = jsonSchema(schema, 'input');
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: prop,
    ...(prop.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
}

const ZONE = {
  insee: 'Codes INSEE des communes, séparés par des virgules (ex. 93010).',
  section: 'Sections cadastrales (10 caractères\u00a0: INSEE + préfixe + section, ex. 93010000AS).',
  lat: 'Latitude du centre d’un rayon (WGS84).',
  lon: 'Longitude du centre d’un rayon (WGS84).',
  radius: 'Rayon en mètres (50 à 10 000).',
  from: 'Début de période (AAAA-MM-JJ), inclus (défaut\u00a0: deux ans avant la fin).',
  to: 'Fin de période (AAAA-MM-JJ), incluse (défaut\u00a0: la vente la plus récente importée pour la zone).',
  types: 'Types de bien, séparés par des virgules (défaut\u00a0: maison,appartement).',
  natures: 'Natures de mutation, séparées par des virgules (défaut\u00a0: vente,vefa,adjudication).',
};

const ERROR = {
  description: 'Erreur (message en français\u00a0; `issues` détaille une requête invalide).',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
        },
        required: ['message'],
      },
    },
  },
};

export function ok(schema: ZodType, description: string, type = 'application/json') {
  return { description, content: { [type]: { schema: jsonSchema(schema, 'output') } } };
}

export const errors = { 400: ERROR, 401: ERROR, 403: ERROR };

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
      ...extensionOpenApiPaths(),
      '/market/stats': {
        get: {
          summary: 'Statistiques de prix au m² d’une zone et d’une période',
          description:
            'Ventes simples (un seul local bâti), natures vente, VEFA, adjudication, dans les bornes de plausibilité renvoyées (`bounds`). ' +
            'Médiane, moyenne et quartiles (interpolation linéaire, comme percentile_cont)\u00a0; valeurs nulles sous 3 ventes (« Pas assez de ventes »).',
          parameters: queryParameters(marketStatsQuerySchema, ZONE),
          responses: { 200: ok(marketStatsResponseSchema, 'Statistiques et série mensuelle.'), ...errors },
        },
      },
      '/market/analysis': {
        get: {
          summary: 'Analyse de marché complète (par type, pièces, mois, histogramme, sections, comparaisons)',
          parameters: queryParameters(marketStatsQuerySchema, ZONE),
          responses: { 200: ok(marketAnalysisResponseSchema, 'Rapport d’analyse de marché.'), ...errors },
        },
      },
      '/market/address': {
        get: {
          summary: 'Analyse d’une adresse\u00a0: parcelle, ventes, statistiques locales, DPE, copropriétés',
          parameters: queryParameters(addressQuerySchema, {
            parcelle: 'Identifiant de parcelle (14 caractères), si connu.',
            radius: 'Rayon des ventes voisines, en mètres (défaut 500).',
          }),
          responses: { 200: ok(addressAnalysisSchema, 'Analyse de l’adresse.'), ...errors },
        },
      },
      '/rents': {
        get: {
          summary: 'Loyers de référence d’une commune (Carte des loyers de l’ANIL et du ministère du Logement)',
          description:
            'Loyer d’annonce prédit en €/m² par mois, charges comprises, avec son intervalle de prédiction à 95\u00a0%, ' +
            'le niveau de la prédiction (commune ou maille), le nombre d’annonces observées et le R² ajusté\u00a0; ' +
            'la dernière édition importée de chaque type de logement, ou l’édition demandée.',
          parameters: queryParameters(rentQuerySchema, {
            insee: 'Code INSEE de la commune ou de l’arrondissement (ex. 69388).',
            type: 'Type de logement (défaut\u00a0: tous).',
            edition: 'Édition (année), si plusieurs sont importées.',
          }),
          responses: { 200: ok(rentsResponseSchema, 'Loyers de référence par type de logement.'), ...errors },
        },
      },
      '/transactions': {
        get: {
          summary: 'Ventes DVF filtrées, paginées (JSON) ou en points GeoJSON (`format=geojson`)',
          parameters: [
            ...queryParameters(transactionListQuerySchema, {
              ...ZONE,
              parcelle: 'Parcelles (14 caractères), séparées par des virgules.',
              bbox: 'Emprise ouest,sud,est,nord (degrés).',
              polygon: 'Zone dessinée\u00a0: « lon lat,lon lat,… ».',
              zone: '« mine »\u00a0: ma zone (le secteur enregistré de l’utilisateur), utilisée aussi quand aucun lieu n’est donné.',
            }),
            { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'geojson'] } },
          ],
          responses: {
            200: {
              description: 'Liste paginée, ou FeatureCollection de points avec `format=geojson`.',
              content: {
                'application/json': { schema: jsonSchema(transactionListSchema, 'output') },
                'application/geo+json': { schema: jsonSchema(transactionPointsSchema, 'output') },
              },
            },
            ...errors,
          },
        },
      },
      '/transactions.csv': {
        get: {
          summary: 'Export CSV (UTF-8 avec BOM, « ; », décimales à virgule) des ventes filtrées',
          parameters: queryParameters(transactionListQuerySchema, ZONE),
          responses: {
            200: { description: 'Fichier CSV pour Excel.', content: { 'text/csv': { schema: { type: 'string' } } } },
            ...errors,
          },
        },
      },
      '/transactions/{id}': {
        get: {
          summary: 'Une mutation complète\u00a0: lignes, lots Carrez, parcelles',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: ok(mutationDetailSchema, 'La mutation.'), 404: ERROR, 401: ERROR, 403: ERROR },
        },
      },
      '/estimates': {
        post: {
          summary: 'Avis de valeur par comparaison\u00a0: comparables (élargissements successifs) et estimation',
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(estimateRequestSchema, 'input') } } },
          responses: {
            200: ok(estimateResponseSchema, 'Comparables, étapes d’élargissement et estimation (nulle sous 3 comparables).'),
            ...errors,
          },
        },
      },
      '/reports/market.pdf': {
        get: {
          summary: 'Rapport d’analyse de marché en PDF (Chromium sans interface côté serveur)',
          parameters: queryParameters(marketStatsQuerySchema, ZONE),
          responses: { 200: { description: 'PDF A4.', content: { 'application/pdf': {} } }, 503: ERROR, ...errors },
        },
      },
      '/reports/estimates/{id}.pdf': {
        get: {
          summary: 'Avis de valeur enregistré, en PDF à l’en-tête de l’agence',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            200: { description: 'PDF A4.', content: { 'application/pdf': {} } },
            404: ERROR,
            503: ERROR,
            401: ERROR,
            403: ERROR,
          },
        },
      },
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

/** The tile paths of the public API description (merged into server/src/openapi.ts). */
import { baseCoverageSchema, baseExtentSchema } from '@immoloupe/shared/map/contracts';
import { jsonSchema } from '../../http/openapi.js';

const TILE_PARAMS = ['z', 'x', 'y'].map((name) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'integer', minimum: 0 },
  description: name === 'z' ? 'Niveau de zoom (0 à 22).' : `Colonne ou ligne de la tuile (0 à 2^z − 1), schéma XYZ.`,
}));

const TILE_RESPONSES = {
  200: {
    description: 'Tuile vectorielle (Mapbox Vector Tile 2.1). Tuiles de données\u00a0: en-tête `ETag` (filtre et version des données).',
    content: { 'application/vnd.mapbox-vector-tile': {} },
  },
  304: { description: 'Tuile inchangée depuis celle de `If-None-Match`.' },
  400: { description: 'Tuile ou filtre invalide (message en français).' },
  401: { description: 'Connexion ou clé d’accès requise.' },
  403: { description: 'Abonnement actif nécessaire.' },
};

export function tilePaths() {
  return {
    '/tiles/base/extent': {
      get: {
        summary: 'Emprise du fond de carte hors ligne',
        description:
          'Ouest, sud, est, nord des communes dont le cadastre est importé (`bounds`), ou de celles de `insee` (codes séparés par des virgules), une commune sans cadastre étant cadrée sur ses ventes géolocalisées, à défaut sur ses adresses BAN (du 2e au 98e centile)\u00a0; `null` quand il n’y a rien à cadrer. Une carte ouverte sans lieu commence là.',
        parameters: [
          {
            name: 'insee',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'Codes INSEE séparés par des virgules (50 au plus).',
          },
        ],
        responses: {
          200: { description: 'Emprise.', content: { 'application/json': { schema: jsonSchema(baseExtentSchema, 'output') } } },
          400: { description: 'Code INSEE invalide (message en français).' },
          401: TILE_RESPONSES[401],
          403: TILE_RESPONSES[403],
        },
      },
    },
    '/tiles/base/coverage': {
      get: {
        summary: 'Sources du fond de carte hors ligne dans une vue',
        description:
          '`cadastre`\u00a0: un contour de commune du cadastre importé touche la vue (communes, sections, parcelles)\u00a0; `ban`\u00a0: la vue contient des adresses de la BAN (noms de voies). Sans `bbox`, pour tout le fond. La carte ne cite une source que si elle dessine quelque chose avec, et dit quand elle ne dessine rien.',
        parameters: [
          {
            name: 'bbox',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'Ouest,sud,est,nord de la vue, en degrés.',
          },
        ],
        responses: {
          200: { description: 'Sources présentes.', content: { 'application/json': { schema: jsonSchema(baseCoverageSchema, 'output') } } },
          400: { description: 'Emprise invalide (message en français).' },
          401: TILE_RESPONSES[401],
          403: TILE_RESPONSES[403],
        },
      },
    },
    '/tiles/base/{z}/{x}/{y}.pbf': {
      get: {
        summary: 'Fond de carte hors ligne tiré de nos données',
        description:
          'Couches `communes`, `communes_noms`, `sections` et `sections_noms` (zoom ≥ 11), `parcelles` et `voies` (noms de voies de la BAN, zoom ≥ 14). Tuiles jusqu’au zoom 16.',
        parameters: TILE_PARAMS,
        responses: TILE_RESPONSES,
      },
    },
    '/tiles/ventes/{z}/{x}/{y}.pbf': {
      get: {
        summary: 'Ventes DVF en tuiles vectorielles, avec les filtres de /transactions',
        description:
          'Couche `ventes` : groupes (`point_count`) sous le zoom 15, ventes seules (`id`, `ppm2`) à partir du zoom 15. Paramètres de requête\u00a0: les filtres de `GET /transactions` (lieu, période, natures, types, surfaces, pièces, prix, €/m²).',
        parameters: TILE_PARAMS,
        responses: TILE_RESPONSES,
      },
    },
    '/tiles/dpe/{z}/{x}/{y}.pbf': {
      get: {
        summary: 'DPE en tuiles vectorielles, avec les filtres de /dpe',
        description:
          'Couche `dpe` : repères regroupés sur une grille de la tuile, `count` (nombre de DPE), `classe` (la pire classe énergie du groupe), `id` (numéro du DPE quand le groupe n’en a qu’un). Paramètres de requête\u00a0: la zone et les filtres de `GET /dpe` ; sans zone, « ma zone ».',
        parameters: TILE_PARAMS,
        responses: TILE_RESPONSES,
      },
    },
    '/tiles/copros/{z}/{x}/{y}.pbf': {
      get: {
        summary: 'Copropriétés (RNIC) en tuiles vectorielles, avec les filtres de /copros',
        description:
          'Couche `copros` : repères regroupés sur une grille de la tuile, `count`, `classe` (type de syndic), `id` (immatriculation quand le groupe n’en a qu’une). Paramètres de requête\u00a0: la zone et les filtres de `GET /copros` ; sans zone, « ma zone ».',
        parameters: TILE_PARAMS,
        responses: TILE_RESPONSES,
      },
    },
  };
}

/** The market paths of the OpenAPI description (assembled by server/src/openapi.ts). */

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

import { ERROR, errors, jsonSchema, ok, queryParameters } from '../../http/openapi.js';

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

export function marketOpenApiPaths() {
  return {
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
          200: ok(
            estimateResponseSchema,
            'Comparables, étapes d’élargissement et estimation (nulle sous 3 comparables)\u00a0; avec `pricing`, la marge de négociation nette d’honoraires sur la valeur retenue\u00a0; la fiabilité (écart médian mesuré de la méthode sur la commune ou le département, nombre et dispersion des comparables).',
          ),
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
  };
}

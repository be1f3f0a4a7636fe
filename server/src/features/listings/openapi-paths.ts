/** The listings API in the OpenAPI document (merged into it by `server/src/openapi.ts`). */
import { parseRequestSchema } from '@immoloupe/shared/listings/api-contracts';
import { parsedListingSchema } from '@immoloupe/shared/listings/contracts';
import { localisationQuerySchema, localisationResponseSchema } from '@immoloupe/shared/listings/localisation.logic';
import { type ZodType, z } from 'zod';

function schema(s: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const ERROR = {
  description: 'Erreur (message en français ; `issues` détaille une requête invalide).',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { message: { type: 'string' }, issues: { type: 'array' } }, required: ['message'] },
    },
  },
};

const QUERY_DESCRIPTIONS: Record<string, string> = {
  postcode: 'Code postal de l’annonce (obligatoire sans `insee`).',
  insee: 'Code INSEE de la commune, au lieu du code postal.',
  type: '`maison` ou `appartement`.',
  surface: 'Surface habitable annoncée, en m².',
  dpe: 'Étiquette énergie annoncée (A à G).',
  ges: 'Étiquette climat annoncée (A à G).',
  conso: 'Consommation annoncée, en kWh/m²/an d’énergie primaire.',
  emission: 'Émissions annoncées, en kg CO₂/m²/an.',
};

export function listingOpenApiPaths() {
  const query = schema(localisationQuerySchema, 'input') as { properties?: Record<string, unknown> };
  return {
    '/localisation': {
      get: {
        summary: 'Localisation d’une annonce par son DPE : adresses candidates, notées, avec leurs raisons',
        description:
          'Chaque DPE de la zone est noté sur toutes les valeurs données, avec des tolérances (valeurs arrondies des annonces, surface différente de quelques\u00a0%, DPE refait) ; ' +
          'une adresse par candidat, la meilleure d’abord, 10 au plus. Une note n’est pas une certitude.',
        parameters: Object.entries(query.properties ?? {}).map(([name, prop]) => ({
          name,
          in: 'query',
          required: false,
          description: QUERY_DESCRIPTIONS[name],
          schema: prop,
        })),
        responses: {
          200: { description: 'Candidats.', content: { 'application/json': { schema: schema(localisationResponseSchema, 'output') } } },
          400: ERROR,
          401: ERROR,
          403: ERROR,
        },
      },
    },
    '/listings/parse': {
      post: {
        summary: 'Lecture d’une annonce (leboncoin, SeLoger, PAP, Bien’ici, Logic-Immo, ParuVendu, Le Figaro Immobilier, Orpi)',
        description:
          'JSON `{ url, text, portal }`, ou le code source de la page en `text/html` (6 Mo au plus, `url` et `portal` en paramètres). ' +
          'Chaque champ dit d’où il a été lu (`sources`) ; un champ absent n’est jamais deviné. Page bloquée ou portail inconnu : 422 avec un message.',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schema(parseRequestSchema, 'input') }, 'text/html': { schema: { type: 'string' } } },
        },
        responses: {
          200: { description: 'L’annonce lue.', content: { 'application/json': { schema: schema(parsedListingSchema, 'output') } } },
          422: ERROR,
          400: ERROR,
          401: ERROR,
          403: ERROR,
        },
      },
    },
  };
}

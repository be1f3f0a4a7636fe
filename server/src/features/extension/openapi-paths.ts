/** The browser extension's API in the OpenAPI document (merged into it by `server/src/openapi.ts`). */
import { analysisRequestSchema, listingAnalysisSchema, savedSchema } from '@immoloupe/shared/extension/contracts';
import { type ZodType, z } from 'zod';

function schema(s: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const ERROR = {
  description: 'Erreur (message en français\u00a0; `issues` détaille une requête invalide\u00a0; 401\u00a0: clé invalide ou révoquée).',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { message: { type: 'string' }, issues: { type: 'array' } }, required: ['message'] },
    },
  },
};

const json = (s: ZodType, io: 'input' | 'output') => ({ 'application/json': { schema: schema(s, io) } });

export function extensionOpenApiPaths() {
  return {
    '/extension/analysis': {
      post: {
        summary:
          'Analyse d’une annonce lue (extension navigateur)\u00a0: commune, prix au m² des ventes DVF, candidats de localisation par DPE',
        description:
          'Ventes DVF de la commune sur les deux ans qui finissent à la dernière vente chargée, du type de l’annonce\u00a0; médiane nulle sous 3 ventes. ' +
          '`localisation` est nul quand l’annonce ne donne ni lieu ni valeur à comparer.',
        requestBody: { required: true, content: json(analysisRequestSchema, 'input') },
        responses: { 200: { description: 'Analyse.', content: json(listingAnalysisSchema, 'output') }, 400: ERROR, 401: ERROR, 403: ERROR },
      },
    },
    '/extension/listings': {
      post: {
        summary: 'Enregistre l’annonce dans « Mes annonces »\u00a0; la même annonce revue ajoute un relevé de prix',
        requestBody: { required: true, content: json(analysisRequestSchema, 'input') },
        responses: {
          201: { description: 'Nouvelle annonce enregistrée.', content: json(savedSchema, 'output') },
          200: { description: 'Annonce déjà enregistrée\u00a0: relevé de prix ajouté (`merged`).', content: json(savedSchema, 'output') },
          400: ERROR,
          401: ERROR,
          403: ERROR,
        },
      },
    },
  };
}

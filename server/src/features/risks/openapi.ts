/** OpenAPI entries of the risks and permits routes, from their zod contracts. */
import { permitSearchQuerySchema, permitSearchSchema, permitsQuerySchema, permitsSchema } from '@immoloupe/shared/permits/contracts';
import { riskPointQuerySchema, risksSchema } from '@immoloupe/shared/risks/contracts';
import { errors, ok, queryParameters } from '../../http/openapi.js';

const PARCEL = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Identifiant de parcelle (14 caractères).',
  schema: { type: 'string' },
};
const RISKS =
  'Risques GASPAR de la commune, installations classées (ICPE) et anciens sites industriels (BASIAS) à 500\u00a0m au plus, avec leur distance.';
const PERMITS =
  'Autorisations d’urbanisme Sitadel dont la première parcelle est à moins du rayon, les plus récentes d’abord (200 au plus).';

export function riskOpenApiPaths() {
  return {
    '/parcels/{id}/risks': {
      get: {
        summary: 'Risques autour d’une parcelle',
        description: RISKS,
        parameters: [PARCEL],
        responses: { 200: ok(risksSchema, 'Risques.'), ...errors },
      },
    },
    '/parcels/{id}/permits': {
      get: {
        summary: 'Permis autour d’une parcelle (500 m)',
        description: PERMITS,
        parameters: [PARCEL],
        responses: { 200: ok(permitsSchema, 'Permis.'), ...errors },
      },
    },
    '/risks': {
      get: {
        summary: 'Risques autour d’un point',
        description: RISKS,
        parameters: queryParameters(riskPointQuerySchema, { insee: 'Code INSEE de la commune du point (ex. 93010).' }),
        responses: { 200: ok(risksSchema, 'Risques.'), ...errors },
      },
    },
    '/permits': {
      get: {
        summary: 'Permis autour d’un point',
        description: PERMITS,
        parameters: queryParameters(permitsQuerySchema, {
          rayon: 'Rayon en mètres (défaut 500).',
          depuis: 'Autorisés ce jour ou après (AAAA-MM-JJ).',
        }),
        responses: { 200: ok(permitsSchema, 'Permis.'), ...errors },
      },
    },
    '/permits/search': {
      get: {
        summary: 'Recherche de permis d’une commune',
        description:
          'Autorisations d’urbanisme Sitadel d’une commune, par période d’autorisation, liste, type, nombre minimal de logements créés et section et numéro cadastraux\u00a0; les plus récentes d’abord (200 au plus), avec leur nombre total.',
        parameters: queryParameters(permitSearchQuerySchema, {
          commune: 'Code INSEE de la commune (ex. 31555).',
          du: 'Autorisés ce jour ou après (AAAA-MM-JJ).',
          au: 'Autorisés ce jour ou avant (AAAA-MM-JJ).',
          liste: 'logements, locaux, amenager ou demolir.',
          type: 'PC, DP, PA ou PD.',
          logementsMin: 'Nombre minimal de logements créés.',
          section: 'Section cadastrale (ex. AB).',
          numero: 'Numéro de parcelle dans la section.',
        }),
        responses: { 200: ok(permitSearchSchema, 'Permis trouvés.'), ...errors },
      },
    },
  };
}

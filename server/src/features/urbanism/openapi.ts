/** OpenAPI entry of the parcel's urban planning, from its zod contract. */
import { parcelUrbanismSchema } from '@immoloupe/shared/urbanism/contracts';
import { errors, ok } from '../../http/openapi.js';

export function urbanismOpenApiPaths() {
  return {
    '/parcels/{id}/urbanisme': {
      get: {
        summary: 'Urbanisme d’une parcelle (PLU / PLUi du Géoportail de l’Urbanisme)',
        description:
          'Zones du document d’urbanisme (libellé, libellé long, type U, AUc, AUs, A ou N) avec la part de la surface de la parcelle, ' +
          'prescriptions et informations qui la touchent (surfaces avec leur part, lignes et points qui l’atteignent), ' +
          'version du document (IDURBA, date d’approbation, règlement). `anyDocument` faux\u00a0: aucun document d’urbanisme importé.',
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'Identifiant de parcelle (14 caractères).', schema: { type: 'string' } },
        ],
        responses: { 200: ok(parcelUrbanismSchema, 'Urbanisme de la parcelle.'), ...errors },
      },
    },
  };
}

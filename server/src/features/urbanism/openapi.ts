/** OpenAPI entry of the parcel's urban planning, from its zod contract. */
import { parcelUrbanismSchema, zoningSchema } from '@immoloupe/shared/urbanism/contracts';
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
    '/urbanisme/zones': {
      get: {
        summary: 'Zones du PLU d’une vue de carte',
        description:
          'Zones (`zone_urba`) des documents d’urbanisme importés dont l’emprise touche la vue, en GeoJSON WGS 84 avec leur type ' +
          '(U, AUc, AUs, A, N), libellé et document : la couche de zonage de la recherche de parcelles. Vue d’un demi-degré au plus ; ' +
          '`truncated` vrai : plus de 2 000 zones, les premières seules sont données.',
        parameters: [
          { name: 'bbox', in: 'query', required: true, description: 'ouest,sud,est,nord en degrés.', schema: { type: 'string' } },
        ],
        responses: { 200: ok(zoningSchema, 'Zones de la vue.'), ...errors },
      },
    },
  };
}

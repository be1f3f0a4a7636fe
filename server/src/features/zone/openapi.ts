/**
 * OpenAPI paths of the prospecting searches (DPE, co-ownerships), merged into the document of
 * `GET /api/openapi.json` (server/src/openapi.ts), generated from the same zod contracts.
 */
import { coproDetailSchema, coproListQuerySchema, coproListSchema } from '@immoloupe/shared/copro/contracts';
import {
  clusterCollectionSchema,
  dpeClusterQuerySchema,
  dpeDetailSchema,
  dpeListQuerySchema,
  dpeListSchema,
} from '@immoloupe/shared/dpe/contracts';
import { errors, ok, queryParameters } from '../../http/openapi.js';

const ZONE = {
  insee: 'Codes INSEE des communes, séparés par des virgules (ex. 69387).',
  postcode: 'Codes postaux, séparés par des virgules (ex. 69007).',
  lat: 'Latitude du centre d’un rayon (WGS84).',
  lon: 'Longitude du centre d’un rayon (WGS84).',
  radius: 'Rayon en mètres (50 à 10 000).',
  polygon: 'Zone dessinée\u00a0: géométrie GeoJSON (Polygon ou MultiPolygon) ou « lon lat,lon lat,… ».',
  zone: '« mine »\u00a0: la zone enregistrée de l’abonné (utilisée aussi quand aucune zone n’est donnée).',
  bbox: 'Emprise de la carte\u00a0: ouest,sud,est,nord (degrés).',
  zoom: 'Niveau de zoom de la carte (taille de la grille d’agrégation).',
};
const numero = (example: string) => [{ name: 'numero', in: 'path', required: true, schema: { type: 'string' }, example }];
const CSV = { description: 'CSV (séparateur «\u00a0;\u00a0», BOM UTF-8, en-têtes en français).', content: { 'text/csv': {} } };

export function prospectingSearchPaths() {
  return {
    '/dpe': {
      get: {
        summary: 'Recherche de DPE\u00a0: zone, classes, dates, type de bâtiment, surface, construction, copropriété',
        description:
          'Un DPE remplacé par un plus récent est masqué (replaced=1 pour l’afficher). `passoires=1`\u00a0: classes F et G. ' +
          '`byClass`\u00a0: nombre de DPE trouvés par classe. `interdictionLocation`\u00a0: date d’interdiction de louer (loi Climat et résilience).',
        parameters: queryParameters(dpeListQuerySchema, ZONE),
        responses: { 200: ok(dpeListSchema, 'Page de DPE et comptes par classe.'), ...errors },
      },
    },
    '/dpe.csv': {
      get: {
        summary: 'Export CSV de la recherche de DPE',
        parameters: queryParameters(dpeListQuerySchema, ZONE),
        responses: { 200: CSV, ...errors },
      },
    },
    '/dpe/clusters': {
      get: {
        summary: 'Marqueurs de carte des DPE, agrégés par grille sur l’emprise',
        parameters: queryParameters(dpeClusterQuerySchema, ZONE),
        responses: {
          200: ok(clusterCollectionSchema, 'Cellules non vides\u00a0: nombre, pire classe, numéro si seul.', 'application/geo+json'),
          ...errors,
        },
      },
    },
    '/dpe/{numero}': {
      get: {
        summary: 'Un DPE\u00a0: adresse, parcelle, ventes DVF de la parcelle, copropriété, interdiction de louer',
        parameters: numero('2569E0000000A'),
        responses: { 200: ok(dpeDetailSchema, 'Fiche du DPE.'), 404: errors[400], ...errors },
      },
    },
    '/copros': {
      get: {
        summary: 'Recherche de copropriétés (RNIC)\u00a0: zone, lots, construction, syndic, fin de mandat, dispositifs, DPE F–G',
        description: 'Les filtres de mandat comptent depuis la date des données RNIC (`asOf`), pas depuis aujourd’hui.',
        parameters: queryParameters(coproListQuerySchema, ZONE),
        responses: { 200: ok(coproListSchema, 'Page de copropriétés.'), ...errors },
      },
    },
    '/copros.csv': {
      get: {
        summary: 'Export CSV de la recherche de copropriétés',
        parameters: queryParameters(coproListQuerySchema, ZONE),
        responses: { 200: CSV, ...errors },
      },
    },
    '/copros/{numero}': {
      get: {
        summary: 'Une copropriété\u00a0: parcelles (contours), DPE, ventes DVF sur ses parcelles, syndic',
        parameters: numero('AA0652685'),
        responses: { 200: ok(coproDetailSchema, 'Fiche de la copropriété.'), 404: errors[400], ...errors },
      },
    },
  };
}

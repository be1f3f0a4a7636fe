/** The tile paths of the public API description (merged into server/src/features/market/openapi.ts). */
const TILE_PARAMS = ['z', 'x', 'y'].map((name) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'integer', minimum: 0 },
  description: name === 'z' ? 'Niveau de zoom (0 à 22).' : `Colonne ou ligne de la tuile (0 à 2^z − 1), schéma XYZ.`,
}));

const TILE_RESPONSES = {
  200: { description: 'Tuile vectorielle (Mapbox Vector Tile 2.1).', content: { 'application/vnd.mapbox-vector-tile': {} } },
  400: { description: 'Tuile ou filtre invalide (message en français).' },
  401: { description: 'Connexion ou clé d’accès requise.' },
  403: { description: 'Abonnement actif nécessaire.' },
};

export function tilePaths() {
  return {
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
          'Couche `ventes` : groupes (`point_count`) sous le zoom 15, ventes seules (`id`, `ppm2`) à partir du zoom 15. Paramètres de requête : les filtres de `GET /transactions` (lieu, période, natures, types, surfaces, pièces, prix, €/m²).',
        parameters: TILE_PARAMS,
        responses: TILE_RESPONSES,
      },
    },
  };
}

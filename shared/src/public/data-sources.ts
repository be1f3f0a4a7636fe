/**
 * The open data Immoloupe is built on, as the public pages name them: producer, licence,
 * coverage and freshness. Facts from shared/design/DATA-SOURCES.md and METHODOLOGY.md.
 */
export interface DataSource {
  id: 'dvf' | 'dpe' | 'cadastre' | 'rnic' | 'ban' | 'decoupage';
  name: string;
  producer: string;
  licence: string;
  /** What it contains, in one sentence. */
  content: string;
  coverage: string;
  freshness: string;
  url: string;
}

const LO2 = 'Licence Ouverte 2.0 (Etalab)';

export const DATA_SOURCES: readonly DataSource[] = [
  {
    id: 'dvf',
    name: 'Demandes de valeurs foncières (DVF)',
    producer: 'Direction générale des Finances publiques (DGFiP), géolocalisées par Etalab',
    licence: `${LO2}, avec les conditions de réutilisation de l’article R112 A-3 du Livre des procédures fiscales`,
    content:
      'Les ventes immobilières publiées par l’administration fiscale : date, nature, prix, type de bien, surfaces, pièces, parcelles.',
    coverage:
      'France entière sauf le Bas-Rhin, le Haut-Rhin et la Moselle (livre foncier) et Mayotte ; les cinq dernières années et l’année en cours.',
    freshness: 'Mise à jour deux fois par an ; les derniers mois arrivent avec plusieurs mois de retard.',
    url: 'https://www.data.gouv.fr/fr/datasets/demandes-de-valeurs-foncieres/',
  },
  {
    id: 'dpe',
    name: 'Diagnostics de performance énergétique (DPE) des logements',
    producer: 'Agence de la transition écologique (ADEME)',
    licence: LO2,
    content:
      'Chaque DPE déposé depuis juillet 2021 : étiquettes énergie et climat, surface habitable, type de bâtiment, année de construction, adresse.',
    coverage: 'France entière, logements existants et neufs diagnostiqués depuis la réforme du DPE de juillet 2021.',
    freshness: 'Enrichie en continu par l’ADEME.',
    url: 'https://data.ademe.fr/datasets/dpe03existant',
  },
  {
    id: 'cadastre',
    name: 'Plan cadastral informatisé',
    producer: 'DGFiP, diffusé par Etalab (cadastre.data.gouv.fr)',
    licence: LO2,
    content: 'Le contour et la contenance (surface) de chaque parcelle, avec sa commune, sa section et son numéro.',
    coverage: 'France entière (hors quelques communes non vectorisées).',
    freshness: 'Plusieurs millésimes par an.',
    url: 'https://cadastre.data.gouv.fr/',
  },
  {
    id: 'rnic',
    name: 'Registre national d’immatriculation des copropriétés (RNIC)',
    producer: 'Agence nationale de l’habitat (ANAH)',
    licence: LO2,
    content: 'Les copropriétés immatriculées : adresse, nombre de lots, période de construction, syndic (personne morale), parcelles.',
    coverage: 'Les copropriétés à usage d’habitation immatriculées par leur syndic.',
    freshness: 'Mis à jour régulièrement par l’ANAH.',
    url: 'https://www.data.gouv.fr/fr/datasets/registre-national-dimmatriculation-des-coproprietes/',
  },
  {
    id: 'ban',
    name: 'Base Adresse Nationale (BAN)',
    producer: 'IGN, DINUM et les communes',
    licence: LO2,
    content: 'Toutes les adresses géolocalisées, avec les parcelles auxquelles elles se rattachent.',
    coverage: 'France entière.',
    freshness: 'Mise à jour en continu par les communes.',
    url: 'https://adresse.data.gouv.fr/',
  },
  {
    id: 'decoupage',
    name: 'Découpage administratif',
    producer: 'Etalab (d’après le code officiel géographique de l’INSEE)',
    licence: LO2,
    content: 'Les communes, leurs codes INSEE et postaux, leurs départements.',
    coverage: 'France entière.',
    freshness: 'Suit le code officiel géographique annuel.',
    url: 'https://github.com/etalab/decoupage-administratif',
  },
];

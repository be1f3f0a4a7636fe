/**
 * The professional menu: every pro tool of the spec, grouped as an agent thinks of them, five groups
 * that fold so that the menu fits a laptop screen (1 280 × 800) with the current group open.
 */
export interface ProNavItem {
  path: string;
  label: string;
  icon: string;
  adminOnly?: boolean;
}
export interface ProNavGroup {
  label: string;
  items: ProNavItem[];
}

export const PRO_NAV: ProNavGroup[] = [
  {
    label: 'Analyser',
    items: [
      { path: '/pro/analyseadresse', label: 'Analyse d’adresse', icon: 'tabler:map-pin-search' },
      { path: '/pro/transactions', label: 'Transactions', icon: 'tabler:receipt-euro' },
      { path: '/pro/analysemarche', label: 'Analyse de marché', icon: 'tabler:chart-line' },
      { path: '/pro/avisdevaleur', label: 'Avis de valeur', icon: 'tabler:scale' },
      { path: '/pro/test/carte3dsimple', label: 'Carte 3D des prix', icon: 'tabler:building-skyscraper' },
      // Encoded, as shared/src/routes.ts declares it (the spec's name has a space).
      { path: '/pro/test/carte3d%20combinee', label: 'Carte 3D combinée', icon: 'tabler:stack-2' },
    ],
  },
  {
    label: 'Prospecter',
    items: [
      { path: '/pro/prospection', label: 'Prospection', icon: 'tabler:target-arrow' },
      { path: '/pro/rechercheparcelle', label: 'Parcelles', icon: 'tabler:vector-triangle' },
      { path: '/pro/recherchedpe', label: 'DPE', icon: 'tabler:bolt' },
      { path: '/pro/recherchecopro', label: 'Copropriétés', icon: 'tabler:building-community' },
    ],
  },
  {
    label: 'Annonces',
    items: [
      { path: '/pro/analyseannonce', label: 'Analyse d’annonce', icon: 'tabler:file-search' },
      { path: '/pro/localisationauto', label: 'Localisation automatique', icon: 'tabler:current-location' },
      { path: '/pro/carte_annonces', label: 'Carte des annonces', icon: 'tabler:map' },
      { path: '/pro/listeautomatique', label: 'Liste automatique', icon: 'tabler:list-check' },
      { path: '/pro/mesannonces', label: 'Mes annonces', icon: 'tabler:bookmark' },
    ],
  },
  {
    label: 'Mes données',
    items: [
      { path: '/pro/mazone', label: 'Ma zone', icon: 'tabler:map-2' },
      { path: '/pro/mesadresses', label: 'Mes adresses', icon: 'tabler:home-heart' },
      { path: '/pro/mesrecherches', label: 'Mes recherches', icon: 'tabler:bell' },
      { path: '/pro/creer_recherche', label: 'Créer une recherche', icon: 'tabler:bell-plus' },
    ],
  },
  {
    label: 'Compte',
    items: [
      { path: '/pro/modedemploi', label: 'Mode d’emploi', icon: 'tabler:book' },
      { path: '/pro/template', label: 'Modèle de rapport', icon: 'tabler:template' },
      { path: '/pro/extension', label: 'Extension navigateur', icon: 'tabler:puzzle' },
      { path: '/pro/creer_cle', label: 'Clés d’accès', icon: 'tabler:key' },
      { path: '/abo/moncompte', label: 'Mon compte', icon: 'tabler:user-circle' },
      { path: '/pro/admin', label: 'Administration', icon: 'tabler:shield-lock', adminOnly: true },
    ],
  },
];

/** The group holding a path (an administration sub-page in « Compte »), if any. */
export function groupOfPath(pathname: string): string | null {
  const match = (item: ProNavItem) => pathname === item.path || pathname.startsWith(`${item.path}/`);
  return PRO_NAV.find((g) => g.items.some(match))?.label ?? null;
}

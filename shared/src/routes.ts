/**
 * The route table of the specification (SEED-SPEC §2): every URL the product answers,
 * with its French page title, who may open it, and whether its page is delivered yet.
 * The web app's `routes.ts` and the tests are checked against this table so that no
 * route of the spec is forgotten.
 */

/** Who may open a page (SEED-SPEC §4, §6). */
export type RouteAccess =
  /** Anyone. */
  | 'public'
  /** Signed-out visitors only (login, sign-up): a signed-in user is sent to /pro. */
  | 'guest'
  /** A signed-in user, subscription not required (/abo/moncompte is exempt from the subscription check). */
  | 'account'
  /** A signed-in user with an active subscription (or an administrator). */
  | 'subscriber'
  /** An administrator. */
  | 'admin';

/**
 * `ready`: the page is built. `coming`: its tool is delivered by a later issue and the page
 * says so honestly; the list of such routes is asserted by a test so none is forgotten.
 */
export type RouteDelivery = { state: 'ready' } | { state: 'coming'; issue: string };

/** Layout a route names for itself; `by-client` is the page-level rule of SEED-SPEC §2. */
export type RouteLayout = 'by-client';

export interface SpecRoute {
  /** URL path as the browser shows it (percent-encoded where the spec says so). */
  path: string;
  title: string;
  /** One French sentence: the meta description, and the lead of a page still to come. */
  description: string;
  access: RouteAccess;
  delivery: RouteDelivery;
  /** A page that shows DVF rows or is private: `noindex` (DVF reuse condition, SEED-SPEC §2). */
  noindex: boolean;
  layout?: RouteLayout;
}

export const PRODUCT_NAME = 'Immoloupe';

const ready: RouteDelivery = { state: 'ready' };

type Entry = Omit<SpecRoute, 'noindex' | 'delivery'> & { delivery?: RouteDelivery; noindex?: boolean };

function pub(path: string, title: string, description: string, extra: Partial<Entry> = {}): Entry {
  return { path, title, description, access: 'public', delivery: ready, ...extra };
}
function abo(path: string, title: string, description: string, access: RouteAccess, extra: Partial<Entry> = {}): Entry {
  return { path, title, description, access, layout: 'by-client', delivery: ready, noindex: true, ...extra };
}
function pro(path: string, title: string, description: string, delivery: RouteDelivery, access: RouteAccess = 'subscriber'): Entry {
  return { path, title, description, access, delivery, noindex: true };
}

const entries: Entry[] = [
  // Public routes
  pub(
    '/',
    'L’immobilier éclairé par les données ouvertes',
    'Immoloupe réunit ventes DVF, diagnostics DPE, cadastre et copropriétés pour estimer, prospecter et analyser un marché local.',
  ),
  pub(
    '/cgu',
    'Conditions générales et confidentialité',
    'Conditions d’utilisation du service, abonnement, réutilisation des données DVF, données personnelles et cookies.',
  ),
  pub(
    '/apropos',
    'À propos',
    'Le projet Immoloupe, ses principes (chiffres reproductibles, médiane d’abord, respect des personnes) et les données ouvertes sur lesquelles il repose.',
  ),
  pub('/clients', 'Pour qui ?', 'Agents, mandataires, prospecteurs fonciers et chasseurs immobiliers : les usages d’Immoloupe.'),
  pub(
    '/contact',
    'Contact',
    'Écrivez à l’équipe Immoloupe : une question sur l’abonnement ou sur une donnée, une démonstration sur votre secteur, une erreur à signaler.',
    { layout: 'by-client' },
  ),
  pub('/methodo', 'Méthodologie', 'Sources, couverture, règles statistiques et méthode d’estimation d’Immoloupe, expliquées en détail.'),
  pub(
    '/demenagement',
    'Guide du déménagement',
    'Le calendrier et la liste de contrôle d’un déménagement réussi, et comment connaître le quartier visé.',
  ),
  pub('/index_old', 'Ancienne page d’accueil', 'Cette adresse est l’ancienne page d’accueil d’Immoloupe.', { noindex: true }),
  pub(
    '/prospection_dpe',
    'Prospection DPE',
    'Prospecter avec les diagnostics de performance énergétique\u00a0: calendrier des interdictions de louer, données, RGPD.',
  ),
  pub(
    '/clientscibles/agents_mandataires',
    'Agents immobiliers et mandataires',
    'Estimer un bien avec les ventes réelles, remettre un avis de valeur argumenté, rentrer des mandats et suivre son secteur.',
  ),
  pub(
    '/clientscibles/prospecteurs_fonciers',
    'Prospecteurs fonciers',
    'Trouver les parcelles, les copropriétés et les propriétaires personnes morales d’un secteur, avec les ventes et les DPE croisés.',
  ),
  pub(
    '/clientscibles/chasseurs_appartement_maison',
    'Chasseurs d’appartements et de maisons',
    'Vérifier le prix d’une annonce, retrouver son adresse probable grâce au DPE et connaître le quartier avant d’acheter.',
  ),

  // Subscription routes
  abo('/abo/error', 'Paiement non abouti', 'Le paiement n’a pas abouti.', 'public'),
  abo('/abo/offre', 'L’offre Immoloupe', 'L’abonnement Immoloupe : tous les outils professionnels, sans engagement.', 'public'),
  abo('/abo/succes', 'Abonnement confirmé', 'Votre abonnement est confirmé.', 'public'),
  abo('/abo/mescles', 'Mes clés d’accès', 'Vos clés d’accès personnelles pour l’extension et l’API.', 'account'),
  abo('/abo/activate', 'Activation du compte', 'Confirmation de votre adresse e-mail.', 'public'),
  abo('/abo/connexion', 'Connexion', 'Connectez-vous à votre espace Immoloupe.', 'guest'),
  abo('/abo/moncompte', 'Mon compte', 'Votre compte, votre abonnement et vos données.', 'account'),
  abo('/abo/nouveaucompte', 'Créer un compte', 'Créez votre compte Immoloupe.', 'guest'),

  // Professional routes
  { ...pro('/pro', 'Espace professionnel', 'Vos outils d’analyse et de prospection.', ready), layout: 'by-client' },
  pro('/pro/mazone', 'Ma zone', 'Le tableau de bord de votre secteur.', ready),
  pro('/pro/template', 'Modèle de rapport', 'Votre identité d’agence sur les rapports imprimés.', ready),
  pro('/pro/creer_cle', 'Créer une clé d’accès', 'Créez une clé personnelle pour l’extension ou l’API.', ready),
  pro('/pro/admin', 'Administration', 'Utilisateurs, abonnements et imports de données.', ready, 'admin'),
  pro('/pro/admin/brevo', 'Campagnes e-mail', 'Listes de diffusion et envois par Brevo.', ready, 'admin'),
  pro('/pro/mesadresses', 'Mes adresses', 'Les adresses que vous avez enregistrées.', ready),
  pro('/pro/mesannonces', 'Mes annonces', 'Les annonces que vous suivez.', ready),
  pro(
    '/pro/modedemploi',
    'Mode d’emploi',
    'Le guide de chaque outil professionnel : à quoi il sert et comment s’en servir, pas à pas.',
    ready,
  ),
  pro('/pro/prospection', 'Prospection', 'Repérer les biens et les propriétaires à démarcher.', ready),
  pro('/pro/avisdevaleur', 'Avis de valeur', 'Estimez un bien par la méthode par comparaison.', ready),
  pro('/pro/recherchedpe', 'Recherche DPE', 'Rechercher les diagnostics de performance énergétique.', ready),
  pro('/pro/transactions', 'Transactions', 'Les ventes DVF sur la carte et en tableau.', ready),
  pro('/pro/analysemarche', 'Analyse de marché', 'Volumes et prix au mètre carré d’une zone et d’une période.', ready),
  pro('/pro/mesrecherches', 'Mes recherches', 'Vos recherches enregistrées et leurs alertes.', ready),
  pro('/pro/test/menudemo', 'Démonstration du menu', 'Page de test du menu professionnel.', ready),
  pro('/pro/analyseadresse', 'Analyse d’adresse', 'Parcelle, ventes, prix et diagnostics autour d’une adresse.', ready),
  pro('/pro/analyseannonce', 'Analyse d’annonce', 'Confronter une annonce aux ventes et aux DPE du secteur.', ready),
  pro('/pro/carte_annonces', 'Carte des annonces', 'Les annonces sur la carte.', ready),
  pro('/pro/recherchecopro', 'Recherche de copropriétés', 'Rechercher les copropriétés immatriculées.', ready),
  pro('/pro/creer_recherche', 'Créer une recherche', 'Enregistrer une recherche et être alerté.', ready),
  pro('/pro/extension', 'Extension navigateur', 'Installer et relier l’extension Immoloupe.', ready),
  pro('/pro/listeautomatique', 'Liste automatique', 'Les annonces sélectionnées automatiquement pour vous.', ready),
  pro('/pro/localisationauto', 'Localisation automatique', 'Retrouver l’adresse probable d’une annonce grâce aux DPE.', ready),
  pro('/pro/rechercheparcelle', 'Recherche de parcelle', 'Rechercher des parcelles par commune, section, surface.', ready),
  pro(
    '/pro/test/carte3dsimple',
    'Carte 3D simple',
    'Le prix médian au m² de chaque section cadastrale d’une commune, en relief, sur les 3 ans qui précèdent sa vente la plus récente.',
    ready,
  ),
  // The spec's combined 3D test page has an encoded space in its name.
  pro(
    '/pro/test/carte3d%20combinee',
    'Carte 3D combinée',
    'Les prix médians au m² des sections en relief, avec chaque vente en colonne (hauteur selon le prix) et chaque DPE en point coloré par son étiquette.',
    ready,
  ),

  // Print routes
  pro('/pdf/printanalysemarche', 'Rapport d’analyse de marché', 'Rapport imprimable d’analyse de marché.', ready),
  pro('/pdf/printestimationavis', 'Rapport d’avis de valeur', 'Rapport imprimable d’avis de valeur.', ready),
];

export const SPEC_ROUTES: readonly SpecRoute[] = entries.map((e) => ({
  ...e,
  delivery: e.delivery ?? ready,
  noindex: e.noindex ?? (e.path === '/pro' || e.path.startsWith('/pro/') || e.path.startsWith('/pdf/')),
}));

const byPath = new Map(SPEC_ROUTES.map((r) => [r.path, r]));

/** Normalises a browser path (decoded or not, trailing slash or not) to the table's spelling. */
export function normalizePath(pathname: string): string {
  let p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  try {
    p = encodeURI(decodeURI(p));
  } catch {
    // a malformed escape sequence is simply not a known route
  }
  return p || '/';
}

export function findSpecRoute(pathname: string): SpecRoute | undefined {
  return byPath.get(normalizePath(pathname));
}

/** The document title: the page title followed by the product name (SEED-SPEC §2). */
export function documentTitle(pageTitle: string): string {
  return `${pageTitle} · ${PRODUCT_NAME}`;
}

/**
 * Updates `delivery` for a path when its page is built: the table is the single place that
 * says which pages are still to come.
 */
export function routesStillComing(): SpecRoute[] {
  return SPEC_ROUTES.filter((r) => r.delivery.state === 'coming');
}

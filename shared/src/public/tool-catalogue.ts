/**
 * The professional tools as the public pages and the user guide present them: one line each, a
 * picture, who they serve, and how to use them. Whether a tool is open is not written here: the
 * pages read it from the route table (shared/src/routes.ts) when they render.
 */
import { findSpecRoute } from '../routes.js';

export type Audience = 'agents' | 'fonciers' | 'chasseurs';

/** Files in web/public/illustrations/ (schematic drawings, not screenshots). */
export type Illustration =
  | 'address'
  | 'transactions'
  | 'market'
  | 'estimate'
  | 'parcels'
  | 'dpe'
  | 'copro'
  | 'localisation'
  | 'listing'
  | 'prospecting'
  | 'alerts'
  | 'report'
  | 'keys';

export interface Tool {
  path: string;
  name: string;
  /** The tool in one line. */
  line: string;
  illustration: Illustration;
  audiences: readonly Audience[];
  /** What it is for, for the user guide. */
  purpose: string;
  /** Step by step, as the tool is specified; absent while its detailed design is not settled. */
  steps?: readonly string[];
  tips?: readonly string[];
  adminOnly?: boolean;
  /**
   * What the screenshot of the delivered tool shows, in French (its `alt`): the picture is taken
   * by `npm run screenshots` on the sample data, so this describes that scene.
   */
  screenshot?: string;
}

export interface ToolGroup {
  id: string;
  label: string;
  tools: readonly Tool[];
}

export const TOOL_GROUPS: readonly ToolGroup[] = [
  {
    id: 'analyser',
    label: 'Analyser',
    tools: [
      {
        path: '/pro/analyseadresse',
        name: 'Analyse d’adresse',
        line: 'Une adresse, et tout ce que les données publiques en disent : parcelle, ventes, prix au mètre carré, DPE et copropriétés.',
        illustration: 'address',
        screenshot:
          'Capture d’écran de l’analyse d’adresse du 139 avenue Carnot à Bondy : la parcelle AS 167 sur la carte, ses ventes et les prix au mètre carré de la commune.',
        audiences: ['agents', 'fonciers', 'chasseurs'],
        purpose:
          'Préparer un rendez-vous, répondre à un vendeur ou vérifier un bien avant une visite : tout ce que l’on sait d’une adresse, sur une seule page.',
        steps: [
          'Tapez l’adresse dans le champ de recherche (les propositions viennent de la Base Adresse Nationale) ou cliquez sur la carte.',
          'La parcelle s’affiche : section, numéro, surface et contour.',
          'Consultez les ventes de la parcelle et celles du rayon choisi, en liste et sur la carte.',
          'Lisez les prix au mètre carré par type de bien : nombre de ventes, médiane, premier et troisième quartiles, et leur évolution mois par mois sur cinq ans.',
          'Retrouvez les DPE et les copropriétés de la parcelle et des alentours, quand ces données sont chargées.',
          'Enregistrez l’adresse pour la retrouver dans « Mes adresses ».',
        ],
        tips: [
          'Une statistique calculée sur moins de trois ventes n’est jamais affichée : la page indique « Pas assez de ventes ».',
          'La date des dernières données DVF chargées est indiquée sur la page.',
        ],
      },
      {
        path: '/pro/transactions',
        name: 'Transactions',
        line: 'Les ventes DVF sur une carte et dans un tableau, filtrées comme vous le voulez et exportables vers un tableur.',
        illustration: 'transactions',
        screenshot: 'Capture d’écran des transactions de Bondy en 2022 : les ventes sur la carte et dans le tableau, avec les filtres.',
        audiences: ['agents', 'fonciers', 'chasseurs'],
        purpose: 'Retrouver les ventes réelles d’un secteur et les montrer : à un vendeur, à un acquéreur, dans un dossier.',
        steps: [
          'Choisissez un lieu (adresse, commune ou parcelle) ou dessinez une zone sur la carte, puis un rayon.',
          'Affinez : période, nature de la vente, type de bien, surface, nombre de pièces, prix et prix au mètre carré.',
          'Cliquez sur une vente pour voir toute la mutation : chaque local, les dépendances, les terrains, les lots Carrez et les parcelles.',
          'Triez le tableau, changez de page, exportez la sélection en CSV (le fichier s’ouvre directement dans Excel).',
          'Partagez l’adresse de la page : elle contient vos filtres et la vue de la carte, et reproduit la même recherche.',
        ],
        tips: [
          'Les ventes de plusieurs logements et les ventes mixtes restent dans la liste, mais pas dans les statistiques : leur prix ne peut pas être réparti entre les biens.',
        ],
      },
      {
        path: '/pro/analysemarche',
        name: 'Analyse de marché',
        line: 'Volumes et prix au mètre carré d’une commune, d’une section ou d’un rayon, par type de bien et par nombre de pièces, en rapport imprimable.',
        illustration: 'market',
        screenshot:
          'Capture d’écran de l’analyse du marché de Bondy en 2022 : volumes et prix au mètre carré par type de bien, avec leurs graphiques.',
        audiences: ['agents', 'fonciers'],
        purpose: 'Décrire un marché local chiffres à l’appui : pour un mandat, une étude, un conseil d’investissement.',
        steps: [
          'Choisissez la zone : une ou plusieurs communes, une section cadastrale, ou un rayon autour d’une adresse.',
          'Choisissez la période.',
          'Lisez les volumes et les prix au mètre carré par type et par nombre de pièces, l’évolution mensuelle, la répartition des prix et la carte des prix par section.',
          'Comparez la zone avec sa commune et son département.',
          'Imprimez le rapport sur des pages A4 ou téléchargez-le en PDF.',
        ],
        tips: ['Chaque chiffre est accompagné du nombre de ventes sur lequel il repose.'],
      },
      {
        path: '/pro/avisdevaleur',
        name: 'Avis de valeur',
        line: 'Une estimation par comparaison, avec les ventes comparables sous vos yeux et un rapport à vos couleurs.',
        illustration: 'estimate',
        screenshot:
          'Capture d’écran d’un avis de valeur d’un appartement de 50 m² à Hendaye : la valeur estimée, sa fourchette et les ventes comparables sur la carte.',
        audiences: ['agents'],
        purpose: 'Estimer un bien par la méthode par comparaison et remettre au vendeur un avis de valeur argumenté.',
        steps: [
          'Décrivez le bien : adresse, type, surface, nombre de pièces, terrain, classe DPE, et si vous le souhaitez des notes et une photo.',
          'Immoloupe cherche les ventes comparables : même type, surface à ± 20 %, une pièce de plus ou de moins, 24 derniers mois, à moins de 500 m. Quand elles sont trop peu nombreuses, la recherche s’élargit pas à pas, et chaque élargissement est affiché.',
          'Retirez ou ajoutez des comparables : l’estimation (prix médian au mètre carré × surface) et sa fourchette (du premier au troisième quartile) se mettent à jour aussitôt.',
          'Ajoutez votre ajustement et votre commentaire de professionnel.',
          'Imprimez le rapport ou téléchargez-le en PDF, à l’identité de votre agence.',
        ],
        tips: [
          'Aucune estimation n’est faite sur moins de trois comparables.',
          'L’identité de l’agence se règle dans « Modèle de rapport ».',
        ],
      },
    ],
  },
  {
    id: 'rechercher',
    label: 'Rechercher',
    tools: [
      {
        path: '/pro/rechercheparcelle',
        name: 'Recherche de parcelle',
        line: 'Les parcelles d’une commune ou d’une section, filtrées par surface, avec leur contour.',
        illustration: 'parcels',
        screenshot:
          'Capture d’écran de la recherche de la parcelle AS 167 à Bondy : le formulaire, la parcelle trouvée et son contour sur la carte.',
        audiences: ['fonciers', 'agents'],
        purpose: 'Repérer les terrains d’un secteur par leur surface et leur situation cadastrale.',
        steps: [
          'Choisissez une commune, puis si vous le souhaitez une section.',
          'Indiquez la surface minimale et maximale.',
          'Parcourez les parcelles trouvées, en liste et sur la carte, puis ouvrez-en une pour voir ses ventes et son environnement.',
        ],
        tips: ['Une référence cadastrale se tape aussi directement, par exemple « 93010 AS 167 ».'],
      },
      {
        path: '/pro/recherchedpe',
        name: 'Recherche DPE',
        line: 'Les diagnostics énergétiques d’un secteur, par étiquette, surface et date : le point de départ de la prospection DPE.',
        illustration: 'dpe',
        screenshot:
          'Capture d’écran de la recherche DPE dans «\u00a0ma zone\u00a0» (Bondy et les arrondissements de Lyon)\u00a0: les DPE par classe, le tableau et la fiche d’un DPE classé G avec sa date d’interdiction de louer.',
        audiences: ['agents', 'fonciers'],
        purpose:
          'Trouver les logements d’un secteur selon leur étiquette énergie, par exemple les passoires F et G bientôt interdites à la location.',
      },
      {
        path: '/pro/recherchecopro',
        name: 'Recherche de copropriétés',
        line: 'Les copropriétés immatriculées d’un secteur, leur taille, leur âge et leur syndic.',
        illustration: 'copro',
        screenshot:
          'Capture d’écran de la recherche de copropriétés de Bondy dont le mandat de syndic finit dans les 12 mois, sur la carte et dans le tableau.',
        audiences: ['fonciers', 'agents'],
        purpose: 'Connaître les copropriétés d’un secteur : nombre de lots, période de construction, syndic professionnel ou bénévole.',
      },
      {
        path: '/pro/localisationauto',
        name: 'Localisation automatique',
        line: 'L’adresse probable d’une annonce, retrouvée grâce à ses étiquettes DPE et à sa surface.',
        illustration: 'localisation',
        screenshot:
          'Capture d’écran de la localisation automatique d’un appartement de 63 m² du 69008, DPE C et GES C\u00a0: les adresses candidates notées, et leurs DPE sur la carte.',
        audiences: ['chasseurs', 'agents'],
        purpose:
          'Une annonce indique ses étiquettes énergie et climat, sa surface et sa commune ; les DPE publics portent les mêmes informations et l’adresse. Immoloupe propose les adresses candidates, avec un score.',
        tips: ['Le résultat est une probabilité, jamais une certitude : vérifiez toujours sur place.'],
      },
    ],
  },
  {
    id: 'annonces',
    label: 'Annonces',
    tools: [
      {
        path: '/pro/analyseannonce',
        name: 'Analyse d’annonce',
        line: 'Une annonce confrontée aux ventes et aux DPE de son secteur : son prix est-il dans le marché ?',
        illustration: 'listing',
        screenshot:
          'Capture d’écran de l’analyse d’une annonce SeLoger de Lyon 8e\u00a0: les champs lus sur la page (loyer, surface, pièces, DPE) et son prix au m².',
        audiences: ['chasseurs', 'agents'],
        purpose: 'Vérifier le prix demandé d’une annonce par rapport aux ventes réelles comparables de son secteur.',
      },
      {
        path: '/pro/carte_annonces',
        name: 'Carte des annonces',
        line: 'Les annonces que vous suivez, sur une carte, à côté des ventes réelles.',
        illustration: 'transactions',
        screenshot:
          'Capture d’écran de la carte des annonces\u00a0: les filtres par prix au m² et par statut, l’annonce suivie sur la carte et sa ligne dans le tableau.',
        audiences: ['chasseurs'],
        purpose: 'Voir d’un coup d’œil où se situent les annonces suivies et les ventes qui les entourent.',
      },
      {
        path: '/pro/listeautomatique',
        name: 'Liste automatique',
        line: 'Les annonces qui correspondent à vos critères, rassemblées pour vous.',
        illustration: 'alerts',
        screenshot:
          'Capture d’écran de la «\u00a0Liste automatique\u00a0»\u00a0: les annonces de Toulon qui correspondent à une recherche d’annonces enregistrée, les plus récentes d’abord, avec leur prix au m² et la marque «\u00a0Nouveau\u00a0».',
        audiences: ['chasseurs'],
        purpose: 'Recevoir une sélection d’annonces qui correspondent à une recherche enregistrée.',
      },
      {
        path: '/pro/mesannonces',
        name: 'Mes annonces',
        line: 'Les annonces que vous avez enregistrées, et leur suivi.',
        illustration: 'listing',
        screenshot:
          'Capture d’écran de «\u00a0Mes annonces\u00a0»\u00a0: une annonce suivie, son prix, sa surface, son DPE, son historique des prix, son statut et ses notes.',
        audiences: ['chasseurs'],
        purpose: 'Retrouver les annonces enregistrées et suivre leur évolution.',
      },
    ],
  },
  {
    id: 'prospecter',
    label: 'Prospecter',
    tools: [
      {
        path: '/pro/prospection',
        name: 'Prospection',
        line: 'Les biens à démarcher dans votre secteur : ventes anciennes, logements F et G, copropriétés, dans le respect du RGPD.',
        illustration: 'prospecting',
        audiences: ['agents', 'fonciers'],
        screenshot:
          'Capture d’écran d’une liste de prospection à Bondy\u00a0: la parcelle AS 167 au statut «\u00a0Rendez-vous\u00a0», les filtres, l’export CSV et la lettre à imprimer.',
        purpose:
          'Construire une tournée de prospection à partir des données publiques. Les données personnelles des propriétaires particuliers ne sont jamais collectées ; seuls les propriétaires personnes morales (syndics, sociétés) sont nommés.',
      },
      {
        path: '/pro/mazone',
        name: 'Ma zone',
        line: 'Le tableau de bord de votre secteur : dernières ventes, prix, nouveaux DPE.',
        illustration: 'market',
        screenshot:
          'Capture d’écran de «\u00a0ma zone\u00a0» faite de Bondy et des arrondissements de Lyon, avec le tableau de bord des nouvelles ventes, des nouveaux DPE F–G et des mandats de syndic qui finissent.',
        audiences: ['agents'],
        purpose: 'Suivre son secteur sans refaire les recherches à chaque fois.',
      },
      {
        path: '/pro/mesadresses',
        name: 'Mes adresses',
        line: 'Les adresses enregistrées depuis l’analyse d’adresse.',
        illustration: 'address',
        screenshot:
          'Capture d’écran de «\u00a0Mes adresses\u00a0»\u00a0: une adresse de Bondy enregistrée depuis l’analyse d’adresse, sur la carte, avec ses notes, ses étiquettes et le choix de la surveiller.',
        audiences: ['agents', 'chasseurs', 'fonciers'],
        purpose: 'Retrouver et rouvrir les adresses que vous avez enregistrées.',
      },
      {
        path: '/pro/mesrecherches',
        name: 'Mes recherches',
        line: 'Vos recherches enregistrées et leurs alertes.',
        illustration: 'alerts',
        screenshot:
          'Capture d’écran de «\u00a0Mes recherches\u00a0»\u00a0: une recherche de transactions enregistrée, son nombre de résultats et ses actions.',
        audiences: ['agents', 'chasseurs', 'fonciers'],
        purpose: 'Relancer une recherche enregistrée et régler ses alertes par e-mail.',
      },
      {
        path: '/pro/creer_recherche',
        name: 'Créer une recherche',
        line: 'Enregistrer une recherche et être alerté des nouveautés.',
        illustration: 'alerts',
        screenshot:
          'Capture d’écran de la création d’une recherche de parcelles (Bondy, section AS), enregistrée, avec les liens pour l’ouvrir.',
        audiences: ['agents', 'chasseurs', 'fonciers'],
        purpose: 'Définir des critères (lieu, type, surface, prix) et être prévenu des nouvelles ventes ou annonces qui y répondent.',
      },
    ],
  },
  {
    id: 'compte',
    label: 'Compte',
    tools: [
      {
        path: '/pro/template',
        name: 'Modèle de rapport',
        line: 'Le nom, le logo et les coordonnées de votre agence sur les rapports imprimés.',
        illustration: 'report',
        screenshot:
          'Capture d’écran du modèle de rapport : le nom et les coordonnées d’une agence, enregistrés pour l’en-tête des rapports.',
        audiences: ['agents'],
        purpose: 'Personnaliser les rapports d’analyse de marché et d’avis de valeur à l’identité de votre agence.',
        steps: [
          'Indiquez le nom de l’agence, ses coordonnées et, si vous le souhaitez, son logo.',
          'Les rapports imprimés et les PDF reprennent ces informations en en-tête.',
        ],
      },
      {
        path: '/pro/extension',
        name: 'Extension navigateur',
        line: 'Immoloupe dans votre navigateur, sur les pages d’annonces.',
        illustration: 'listing',
        audiences: ['chasseurs', 'agents'],
        screenshot:
          'Capture d’écran de la page de l’extension navigateur : les téléchargements pour Chrome et Firefox, les étapes d’installation et la clé d’association affichée une seule fois.',
        purpose: 'Installer l’extension et la relier à votre compte avec une clé d’accès.',
        steps: [
          'Téléchargez le paquet de votre navigateur et installez-le en suivant les étapes de la page.',
          'Cliquez sur « Associer l’extension » et collez la clé affichée dans les réglages de l’extension.',
          'Ouvrez une annonce sur un des huit portails\u00a0: le panneau Immoloupe s’affiche à côté.',
        ],
      },
      {
        path: '/pro/creer_cle',
        name: 'Clés d’accès',
        line: 'Des clés personnelles pour relier l’extension ou interroger l’API.',
        illustration: 'keys',
        screenshot: 'Capture d’écran de la création d’une clé d’accès : la clé affichée une seule fois et la liste des clés.',
        audiences: ['agents', 'fonciers', 'chasseurs'],
        purpose: 'Créer une clé personnelle pour l’extension navigateur ou pour interroger l’API depuis vos propres outils.',
        steps: [
          'Donnez un nom à la clé (par exemple « Extension, ordinateur du bureau »).',
          'Copiez la clé affichée : elle n’est montrée qu’une seule fois, Immoloupe n’en garde qu’une empreinte.',
          'Retrouvez vos clés et leur dernière utilisation dans « Mes clés d’accès », et révoquez celles dont vous n’avez plus besoin.',
        ],
      },
      {
        path: '/pro/admin',
        name: 'Administration',
        line: 'Utilisateurs, abonnements, imports de données et messages de contact.',
        illustration: 'keys',
        screenshot:
          'Capture d’écran de l’administration : les formulaires d’import de données ouvertes et le résultat du dernier fichier importé.',
        audiences: [],
        purpose:
          'Réservé aux administrateurs : gérer les utilisateurs et leurs abonnements, lancer et suivre les imports de données ouvertes, lire les messages reçus par le formulaire de contact.',
        adminOnly: true,
      },
    ],
  },
];

export const ALL_TOOLS: readonly Tool[] = TOOL_GROUPS.flatMap((g) => g.tools);

/** The tools shown on the home page, in this order. */
export const HOME_TOOLS: readonly string[] = [
  '/pro/analyseadresse',
  '/pro/transactions',
  '/pro/analysemarche',
  '/pro/avisdevaleur',
  '/pro/rechercheparcelle',
  '/pro/recherchedpe',
  '/pro/recherchecopro',
  '/pro/localisationauto',
  '/pro/analyseannonce',
  '/pro/prospection',
];

export function toolByPath(path: string): Tool {
  const tool = ALL_TOOLS.find((t) => t.path === path);
  if (!tool) throw new Error(`outil inconnu\u00a0: ${path}`);
  return tool;
}

export function toolsFor(audience: Audience): Tool[] {
  return ALL_TOOLS.filter((t) => t.audiences.includes(audience));
}

/** Whether the tool's page is open today, read from the route table. */
export function isToolAvailable(path: string): boolean {
  return findSpecRoute(path)?.delivery.state === 'ready';
}

/** Size of the screenshots of the tools (the e2e browser's viewport; 8:5 like the drawings). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

/** File name of a tool's screenshot in web/public/guide/: its path after `/pro/` (`creer_cle`). */
export function toolScreenshotId(path: string): string {
  return path.replace(/^\/pro\//, '').replace(/[^a-z0-9_-]+/gi, '-');
}

/**
 * The screenshot of a delivered tool (`/guide/<id>.jpg`, and its 320 × 200 thumbnail), or none
 * while the tool is to come: a picture of a page that is not there would mislead. A test checks
 * that every delivered tool has its description and its files.
 */
export function toolScreenshot(tool: Tool): { src: string; thumbnail: string; alt: string } | undefined {
  if (!tool.screenshot || !isToolAvailable(tool.path)) return undefined;
  const id = toolScreenshotId(tool.path);
  return { src: `/guide/${id}.jpg`, thumbnail: `/guide/${id}-vignette.jpg`, alt: tool.screenshot };
}

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
  /** Step by step, with the interface's own labels. */
  steps: readonly string[];
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
          'Une vente marquée « hors bornes » sous son prix au m² reste aussi dans la liste sans compter dans les statistiques : son prix, sa surface ou son prix au m² sort des bornes de plausibilité (un prix symbolique, une surface mal saisie).',
          'Le bouton Retour du navigateur annule le dernier filtre choisi.',
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
        steps: [
          'Choisissez la zone\u00a0: «\u00a0Ma zone\u00a0», des «\u00a0Communes\u00a0» ou des «\u00a0Codes postaux\u00a0».',
          'Choisissez les «\u00a0Classes énergie\u00a0» ou cochez «\u00a0Passoires (F–G)\u00a0», puis affinez si besoin (type de logement, copropriété, date du DPE, surface, année de construction).',
          'Cliquez sur «\u00a0Rechercher\u00a0»\u00a0: les DPE s’affichent sur la carte et dans le tableau, avec leur nombre par classe\u00a0; triez le tableau par date, classe, surface ou construction.',
          'Cliquez sur «\u00a0Ouvrir\u00a0» ou sur un point de la carte pour lire la fiche du DPE\u00a0: étiquettes énergie et GES, date d’interdiction de louer, parcelle, ventes DVF et copropriété.',
          'Ajoutez le logement à une tournée avec «\u00a0Ajouter à une liste de prospection\u00a0», ou téléchargez les résultats avec «\u00a0Exporter en CSV\u00a0».',
          'Gardez vos filtres avec «\u00a0Enregistrer cette recherche\u00a0»\u00a0: vous la retrouvez dans «\u00a0Mes recherches\u00a0», avec une alerte par e-mail si vous le souhaitez.',
        ],
        tips: ['Un DPE remplacé par un plus récent est masqué\u00a0: chaque logement n’apparaît qu’avec son dernier diagnostic.'],
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
        steps: [
          'Choisissez la zone\u00a0: «\u00a0Ma zone\u00a0», des «\u00a0Communes\u00a0» ou des «\u00a0Codes postaux\u00a0».',
          'Filtrez par «\u00a0Lots min.\u00a0» et «\u00a0Lots max.\u00a0», par «\u00a0Syndic (nom ou SIRET)\u00a0» et par «\u00a0Mandat du syndic\u00a0»\u00a0: déjà terminé, ou qui finit dans 6, 12 ou 24 mois.',
          'Affinez si besoin par «\u00a0Type de syndic\u00a0», par «\u00a0Dispositifs publics\u00a0» ou avec «\u00a0Avec un DPE F–G\u00a0», puis cliquez sur «\u00a0Rechercher\u00a0».',
          'Cliquez sur le nom d’une copropriété, ou sur son point de la carte, pour ouvrir sa fiche\u00a0: lots, syndic et fin de mandat, parcelles, DPE de l’immeuble et ventes DVF.',
          'Ajoutez-la à une tournée avec «\u00a0Ajouter à une liste de prospection\u00a0»\u00a0: son syndic recevra la lettre «\u00a0Aux syndics de copropriété\u00a0».',
          'Téléchargez les résultats avec «\u00a0Exporter en CSV\u00a0», ou gardez vos filtres avec «\u00a0Enregistrer cette recherche\u00a0».',
        ],
        tips: [
          'Le nom d’un syndic bénévole n’est jamais affiché\u00a0: c’est une personne privée.',
          'Les fins de mandat sont comptées depuis la date des données RNIC, indiquée au-dessus du tableau.',
        ],
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
          'Une annonce indique ses étiquettes énergie et climat, sa surface et sa commune ; les DPE publics portent les mêmes informations et l’adresse. Immoloupe propose les adresses candidates, chacune avec sa vraisemblance.',
        steps: [
          'Saisissez ce que l’annonce affiche\u00a0: «\u00a0Code postal\u00a0» (obligatoire), «\u00a0Type\u00a0», «\u00a0Surface (m²)\u00a0», «\u00a0Étiquette DPE\u00a0» et «\u00a0Étiquette GES\u00a0».',
          'Ajoutez la «\u00a0Consommation (kWh/m²/an)\u00a0» et les «\u00a0Émissions (kg CO₂/m²/an)\u00a0» quand l’annonce les indique.',
          'Cliquez sur «\u00a0Localiser\u00a0»\u00a0: les adresses candidates s’affichent de la plus probable à la moins probable, numérotées sur la carte, chacune avec sa «\u00a0Vraisemblance\u00a0» et les valeurs qui concordent.',
          'Cliquez sur «\u00a0Ouvrir dans l’analyse d’adresse\u00a0» pour examiner une adresse candidate\u00a0: sa parcelle, ses ventes et ses DPE.',
        ],
        tips: [
          'Le résultat est une probabilité, jamais une certitude : vérifiez toujours sur place.',
          'Depuis l’analyse d’une annonce, le lien «\u00a0Affiner les valeurs dans la localisation automatique\u00a0» ouvre cet outil avec les valeurs déjà remplies.',
        ],
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
        steps: [
          'Collez le lien de l’annonce dans «\u00a0Lien, code source ou texte de l’annonce\u00a0»\u00a0; si le portail bloque sa lecture, collez plutôt son texte (Ctrl+A, Ctrl+C) ou son code source (Ctrl+U).',
          'Pour un texte collé, choisissez si besoin le «\u00a0Portail (pour un texte collé)\u00a0», puis cliquez sur «\u00a0Lire l’annonce\u00a0».',
          'Vérifiez les «\u00a0Champs lus\u00a0» (chacun dit où il a été lu) et corrigez-les, puis cliquez sur «\u00a0Relancer l’analyse\u00a0»\u00a0; indiquez l’«\u00a0Adresse du bien\u00a0» si vous la connaissez.',
          'Lisez le prix au mètre carré face aux médianes DVF, l’estimation par comparables et la marge de négociation, la date d’interdiction de louer et les adresses probables d’après les DPE.',
          'Cliquez sur «\u00a0Enregistrer dans Mes annonces\u00a0» pour suivre l’annonce et son prix.',
        ],
        tips: [
          'Sans adresse ni position lue sur la page, l’annonce n’est ni comparée aux ventes à 500\u00a0m ni estimée par comparables.',
          'Les prix DVF sont hors honoraires d’agence, le prix d’une annonce souvent «\u00a0honoraires inclus\u00a0»\u00a0: donnez le taux d’honoraires, ou choisissez «\u00a0Net vendeur\u00a0», pour une marge de négociation nette.',
          'Une annonce de location n’est ni comparée aux ventes ni estimée\u00a0: son loyer au mètre carré est comparé au loyer de référence de la commune (Carte des loyers)\u00a0; une vente reçoit son rendement locatif brut au prix demandé.',
          'Le badge «\u00a0Sous le marché\u00a0» ou «\u00a0Au-dessus du marché\u00a0» compare le prix au m² aux ventes de toutes surfaces\u00a0; l’estimation ne retient que des biens de surface proche. Quand les deux se contredisent, la page le dit\u00a0: fiez-vous à l’estimation.',
          'Une adresse choisie dans «\u00a0Adresse du bien\u00a0» reste celle de l’annonce enregistrée\u00a0: la relire sur le portail (extension, nouveau collage) ne la remplace pas par la position du portail, souvent arrondie.',
        ],
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
        steps: [
          'Dans l’onglet «\u00a0Mes annonces\u00a0», vos annonces enregistrées et placées s’affichent sur la carte, colorées selon leur prix au mètre carré face à la médiane DVF de leur commune.',
          'Filtrez-les par «\u00a0Prix au m²\u00a0» (sous le marché, dans le marché, au-dessus du marché, sans comparaison) et par «\u00a0Statut\u00a0»\u00a0; le tableau sous la carte reprend les annonces affichées.',
          'Dans l’onglet «\u00a0Annonces des flux importés\u00a0», indiquez des «\u00a0Codes postaux\u00a0» ou des codes INSEE de communes, et si besoin le prix, la surface, le prix au m², les types de bien et les classes DPE, puis cliquez sur «\u00a0Rechercher\u00a0».',
          'Sous la carte, cliquez sur «\u00a0Analyser\u00a0», «\u00a0Enregistrer dans Mes annonces\u00a0» ou «\u00a0Voir sur le portail\u00a0».',
          'Gardez ces filtres avec «\u00a0Enregistrer cette recherche\u00a0»\u00a0: la recherche alimente la «\u00a0Liste automatique\u00a0».',
        ],
        tips: [
          'Les annonces au statut «\u00a0Écarté\u00a0» sont masquées par défaut, et une annonce sans adresse ni position lue sur sa page ne peut pas être placée sur la carte.',
        ],
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
        steps: [
          'Créez d’abord une recherche d’annonces\u00a0: dans «\u00a0Créer une recherche\u00a0» avec l’outil «\u00a0Annonces\u00a0», ou avec «\u00a0Enregistrer cette recherche\u00a0» dans l’onglet «\u00a0Annonces des flux importés\u00a0» de la carte des annonces.',
          'Ouvrez la liste\u00a0: les annonces des flux importés qui répondent à vos recherches s’affichent, avec leur prix au mètre carré face à la médiane des ventes DVF et la recherche qui les a trouvées.',
          'Repérez les marques «\u00a0Nouveau\u00a0» (annonce apparue depuis votre dernière visite) et «\u00a0Bonne affaire\u00a0», ou classez la liste par «\u00a0Bonnes affaires\u00a0» plutôt que «\u00a0Plus récentes\u00a0».',
          'Cliquez sur «\u00a0Analyser\u00a0», «\u00a0Enregistrer dans Mes annonces\u00a0» ou «\u00a0Voir sur le portail\u00a0».',
          'Pour recevoir les nouvelles annonces par e-mail, choisissez l’alerte de la recherche («\u00a0Chaque jour\u00a0» ou «\u00a0Chaque semaine\u00a0») dans «\u00a0Mes recherches\u00a0».',
        ],
        tips: [
          'Les annonces de cette liste viennent des flux importés par l’équipe Immoloupe\u00a0; celles que vous analysez vous-même sont dans «\u00a0Mes annonces\u00a0».',
        ],
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
        steps: [
          'Enregistrez une annonce avec «\u00a0Enregistrer dans Mes annonces\u00a0», depuis l’analyse d’annonce, la liste automatique ou la carte des annonces.',
          'Retrouvez pour chacune son prix, sa surface, son prix au mètre carré, son DPE, les sites où elle a été vue et l’historique de ses prix, un par jour et par site\u00a0; une baisse est signalée par «\u00a0Baisse de prix\u00a0».',
          'Choisissez son «\u00a0Statut\u00a0»\u00a0: À visiter, Visité, Offre faite ou Écarté.',
          'Écrivez vos «\u00a0Notes\u00a0», puis cliquez sur «\u00a0Enregistrer les notes\u00a0».',
          'Cliquez sur «\u00a0Analyser\u00a0» pour revoir son analyse, sur «\u00a0Voir l’annonce\u00a0» pour l’ouvrir sur le portail, ou sur «\u00a0Retirer\u00a0» pour ne plus la suivre.',
          'Téléchargez toutes vos annonces avec «\u00a0Exporter en CSV\u00a0»\u00a0: leur statut, leurs notes et leur dernier changement de prix y figurent, et le fichier s’ouvre directement dans Excel.',
        ],
        tips: [
          'Enregistrer de nouveau une annonce déjà suivie ajoute le prix du jour à son historique, sans la dupliquer.',
          'Retirer une annonce efface aussi ses notes et son historique de prix.',
        ],
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
        steps: [
          'Ajoutez des cibles depuis la fiche d’un DPE, d’une copropriété ou d’une parcelle avec «\u00a0Ajouter à une liste de prospection\u00a0»\u00a0: choisissez une liste existante ou «\u00a0Nouvelle liste…\u00a0».',
          'Ouvrez une «\u00a0Liste\u00a0», puis filtrez ses cibles par «\u00a0Statut\u00a0», par «\u00a0Type\u00a0» ou avec «\u00a0Rechercher\u00a0», et classez-les avec «\u00a0Trier par\u00a0».',
          'Pour chaque cible, choisissez le statut (À contacter, Contacté, Rendez-vous, Mandat signé, Perdu), la date de la prochaine action et écrivez vos notes\u00a0: elles s’enregistrent automatiquement.',
          'Dans «\u00a0Lettres de prospection\u00a0», rédigez la lettre «\u00a0Aux propriétaires\u00a0» et celle «\u00a0Aux syndics de copropriété\u00a0» avec les champs de fusion ({adresse}, {agence}…), puis cliquez sur «\u00a0Enregistrer les textes\u00a0».',
          'Cliquez sur «\u00a0Télécharger les lettres (PDF)\u00a0»\u00a0: une page par cible retenue par les filtres. Téléchargez aussi les cibles avec «\u00a0Exporter en CSV\u00a0».',
        ],
        tips: [
          'Les lettres sont signées du nom de votre agence\u00a0: renseignez-le d’abord dans «\u00a0Modèle de rapport\u00a0», sinon le téléchargement reste impossible.',
          'Une prochaine action dont la date est passée est marquée «\u00a0En retard\u00a0».',
        ],
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
        steps: [
          'Cliquez sur «\u00a0Dessiner sur la carte\u00a0», placez les sommets de votre secteur d’un clic chacun (trois au moins), puis cliquez sur «\u00a0Terminer le tracé\u00a0».',
          'Ajoutez aussi, ou à la place, des communes dans «\u00a0Communes de ma zone\u00a0» (nom, code postal ou code INSEE).',
          'Cliquez sur «\u00a0Enregistrer ma zone\u00a0»\u00a0: la recherche DPE et la recherche de copropriétés l’utilisent ensuite par défaut.',
          'À chaque visite, lisez le tableau de bord «\u00a0Depuis votre dernière visite\u00a0»\u00a0: nouvelles ventes DVF, nouveaux DPE F–G et mandats de syndic finissant dans 6 mois, chacun avec son lien.',
        ],
        tips: [
          'Un nouveau clic sur «\u00a0Dessiner sur la carte\u00a0» efface le tracé pour en commencer un autre\u00a0; «\u00a0Supprimer ma zone\u00a0» efface la zone enregistrée.',
        ],
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
        steps: [
          'Enregistrez une adresse depuis l’analyse d’adresse ou la fiche d’une parcelle avec «\u00a0Enregistrer l’adresse\u00a0».',
          'Retrouvez vos adresses à côté de leur carte\u00a0: cliquez sur un point pour aller à son adresse, et rouvrez-la avec «\u00a0Analyse de l’adresse\u00a0» ou «\u00a0Fiche de la parcelle\u00a0».',
          'Modifiez son «\u00a0Nom\u00a0», ses «\u00a0Étiquettes\u00a0» (touche Entrée pour en ajouter) et ses «\u00a0Notes\u00a0», puis cliquez sur «\u00a0Enregistrer les modifications\u00a0».',
          'Pour être prévenu par e-mail d’une nouvelle vente DVF ou d’un nouveau DPE, choisissez «\u00a0Surveiller\u00a0» (Quotidien ou Hebdomadaire) et le «\u00a0Rayon surveillé\u00a0».',
          'Filtrez la liste avec «\u00a0Filtrer par étiquette\u00a0» et téléchargez-la avec «\u00a0Exporter en CSV\u00a0».',
        ],
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
        steps: [
          'Enregistrez une recherche depuis son outil avec «\u00a0Enregistrer cette recherche\u00a0», ou cliquez sur «\u00a0Créer une recherche\u00a0».',
          'Lisez pour chacune ses filtres, son outil et son nombre de résultats à la date indiquée\u00a0; cliquez sur «\u00a0Actualiser les résultats\u00a0» pour les recompter.',
          'Choisissez son alerte par e-mail\u00a0: «\u00a0Pas d’alerte\u00a0», «\u00a0Chaque jour\u00a0» ou «\u00a0Chaque semaine\u00a0».',
          'Cliquez sur «\u00a0Ouvrir\u00a0» pour relancer l’outil avec les mêmes filtres, ou sur «\u00a0Renommer\u00a0», «\u00a0Dupliquer\u00a0» ou «\u00a0Supprimer\u00a0».',
        ],
        tips: [
          'Rouverte avec «\u00a0Ouvrir\u00a0» puis modifiée, une recherche se met à jour\u00a0: «\u00a0Enregistrer cette recherche\u00a0» propose alors de remplacer ses filtres.',
          'Une alerte réunit ce que la recherche trouve de nouveau à chaque import, avec vos autres alertes, dans un seul e-mail.',
        ],
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
        steps: [
          'Choisissez l’«\u00a0Outil\u00a0»\u00a0: Transactions DVF, Recherche de parcelles, Recherche DPE, Recherche de copropriétés ou Annonces.',
          'Donnez un «\u00a0Nom de la recherche\u00a0».',
          'Remplissez les filtres proposés pour cet outil\u00a0: commune, types de bien, surface, prix…',
          'Choisissez l’«\u00a0Alerte par e-mail\u00a0», puis cliquez sur «\u00a0Enregistrer la recherche\u00a0».',
          'Ouvrez-la aussitôt avec «\u00a0L’ouvrir\u00a0», ou retrouvez-la dans «\u00a0Mes recherches\u00a0».',
        ],
        tips: [
          'Pour la recherche DPE et celle de copropriétés, sans commune ni code postal, la recherche porte sur «\u00a0ma zone\u00a0».',
          'Une recherche de l’outil «\u00a0Annonces\u00a0» alimente la «\u00a0Liste automatique\u00a0».',
        ],
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
          'Indiquez le «\u00a0Nom de l’agence\u00a0», ses «\u00a0Coordonnées\u00a0» et, si vous le souhaitez, son «\u00a0Logo\u00a0».',
          'Cliquez sur «\u00a0Enregistrer l’agence\u00a0».',
          'Les rapports imprimés, les PDF et les lettres de prospection reprennent ces informations en en-tête.',
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
          'Cliquez sur «\u00a0Associer l’extension\u00a0» et collez la clé affichée dans les réglages de l’extension.',
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
        steps: [
          'Dans l’onglet «\u00a0Utilisateurs\u00a0», retrouvez un compte avec «\u00a0Rechercher une adresse e-mail\u00a0», puis «\u00a0Accorder\u00a0» ou «\u00a0Prolonger\u00a0» son abonnement (1 mois, 3 mois ou 1 an), ou le «\u00a0Terminer\u00a0».',
          'Depuis le menu «\u00a0Accès\u00a0» d’un compte, déconnectez-le partout, désactivez-le ou réactivez-le.',
          'Dans l’onglet «\u00a0Imports de données\u00a0», importez les fichiers officiels d’un département («\u00a0Télécharger et importer\u00a0») ou un fichier de votre ordinateur («\u00a0Envoyer et importer\u00a0»), puis suivez les lignes importées et rejetées.',
          'Dans l’onglet «\u00a0Tableau de bord des données\u00a0», vérifiez pour chaque source son état, son millésime, son dernier import et sa couverture par département.',
          'Lisez les messages reçus dans «\u00a0Messages de contact\u00a0», et les actions des administrateurs dans «\u00a0Journal\u00a0».',
        ],
        tips: ['Un seul import tourne à la fois.'],
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

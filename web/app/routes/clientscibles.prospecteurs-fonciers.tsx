/** `/clientscibles/prospecteurs_fonciers`: the landing page for land prospectors. */
import { type AudienceContent, AudiencePage } from '~/features/public/audience-page';
import { publicMeta } from '~/features/public/meta';

const PATH = '/clientscibles/prospecteurs_fonciers';
export const meta = publicMeta(PATH);

const CONTENT: AudienceContent = {
  path: PATH,
  lead: 'Promoteurs, marchands de biens, aménageurs : Immoloupe croise le cadastre, les ventes, les copropriétés et les diagnostics énergétiques pour repérer les parcelles et les ensembles à étudier, et les interlocuteurs que l’on peut contacter.',
  problems: [
    'Le cadastre, les ventes DVF, le registre des copropriétés et les DPE sont publiés séparément, dans des formats différents : les croiser à la main prend des jours.',
    'Repérer les grandes parcelles d’une section, ou celles qui n’ont pas changé de main depuis longtemps, demande de lire des milliers de lignes.',
    'Savoir qui contacter : le RGPD interdit de collecter les coordonnées des propriétaires particuliers, mais les syndics et les sociétés propriétaires sont des personnes morales identifiables.',
    'Justifier un prix de charge foncière ou un prix de sortie demande des ventes récentes et comparables dans le secteur.',
  ],
  tools: [
    '/pro/rechercheparcelle',
    '/pro/recherchecopro',
    '/pro/transactions',
    '/pro/analyseadresse',
    '/pro/analysemarche',
    '/pro/prospection',
  ],
  example: {
    title: 'Exemple : étudier une section cadastrale',
    intro: 'Vous cherchez des terrains de plus de 1 000 m² dans une commune de première couronne. Avec Immoloupe :',
    steps: [
      'Dans la recherche de parcelles, vous choisissez la commune puis la section, et une surface minimale de 1 000 m² : les parcelles s’affichent sur la carte avec leur contour.',
      'Pour chacune, l’analyse d’adresse montre les ventes passées sur la parcelle et autour, et les copropriétés immatriculées qui s’y trouvent.',
      'La recherche de copropriétés donne le nombre de lots, la période de construction et le syndic de chaque copropriété du secteur : le syndic, personne morale, est l’interlocuteur à contacter.',
      'L’analyse de marché de la section et de la commune donne les prix de sortie au mètre carré des logements neufs et anciens, avec le nombre de ventes.',
    ],
    outcome:
      'Vous partez sur le terrain avec une liste de parcelles argumentée et des interlocuteurs identifiés, sans avoir collecté de données personnelles.',
  },
  subscribe: 'Cadastre, ventes, copropriétés et DPE croisés dans les mêmes outils, avec un seul abonnement.',
};

export default function ProspecteursFonciersPage() {
  return <AudiencePage content={CONTENT} />;
}

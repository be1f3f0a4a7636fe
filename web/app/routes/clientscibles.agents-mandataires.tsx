/** `/clientscibles/agents_mandataires`: the landing page for estate agents and independent agents. */
import { type AudienceContent, AudiencePage } from '~/features/public/audience-page';
import { publicMeta } from '~/features/public/meta';

const PATH = '/clientscibles/agents_mandataires';
export const meta = publicMeta(PATH);

const CONTENT: AudienceContent = {
  path: PATH,
  lead: 'Un vendeur vous demande combien vaut son bien, un acquéreur vous demande si le prix est juste : Immoloupe met sous vos yeux les ventes réellement signées autour de l’adresse, et vous aide à en tirer un avis de valeur argumenté.',
  problems: [
    'Rassembler les ventes comparables d’un secteur prend du temps, et le fichier DVF brut est difficile à lire : une vente y occupe souvent plusieurs lignes.',
    'Un vendeur qui a vu un prix d’annonce en ligne attend un chiffre plus haut que le marché : il faut lui montrer des ventes réelles, pas des prix affichés.',
    'Le rapport remis au vendeur doit être clair, daté, à l’identité de l’agence, et dire sur quelles ventes il repose.',
    'Rentrer des mandats demande de savoir où les biens se vendent, lesquels sont des passoires énergétiques bientôt interdites à la location, et quelles copropriétés composent le secteur.',
  ],
  tools: ['/pro/avisdevaleur', '/pro/analyseadresse', '/pro/transactions', '/pro/analysemarche', '/pro/recherchedpe', '/pro/prospection'],
  example: {
    title: 'Exemple : préparer un rendez-vous d’estimation',
    intro: 'Un propriétaire vous appelle pour faire estimer son appartement de trois pièces. Avant le rendez-vous :',
    steps: [
      'Dans l’analyse d’adresse, vous tapez son adresse : la parcelle s’affiche, avec les ventes signées sur cette parcelle et dans un rayon de 500 m.',
      'Vous lisez le prix médian au mètre carré des appartements du secteur, le nombre de ventes sur lequel il repose et son évolution sur cinq ans.',
      'Dans l’avis de valeur, vous décrivez le bien : Immoloupe retient les ventes comparables (même type, surface proche, même nombre de pièces à une près, moins de deux ans) et calcule une estimation et sa fourchette.',
      'Vous écartez une vente qui ne vous paraît pas comparable — un rez-de-chaussée sur cour, par exemple — et l’estimation se recalcule devant vous.',
      'Vous ajoutez votre ajustement et votre commentaire, puis vous imprimez le rapport à l’identité de votre agence.',
    ],
    outcome:
      'Au rendez-vous, chaque chiffre se justifie par une vente réelle, datée, à une distance connue : la discussion porte sur le bien, pas sur la source du prix.',
  },
  subscribe: 'Tous les outils d’analyse, d’estimation et de prospection, et les rapports à votre identité, avec un seul abonnement.',
};

export default function AgentsMandatairesPage() {
  return <AudiencePage content={CONTENT} />;
}

/** `/clientscibles/chasseurs_appartement_maison`: the landing page for property hunters. */
import { type AudienceContent, AudiencePage } from '~/features/public/audience-page';
import { publicMeta } from '~/features/public/meta';

const PATH = '/clientscibles/chasseurs_appartement_maison';
export const meta = publicMeta(PATH);

const CONTENT: AudienceContent = {
  path: PATH,
  lead: 'Chasseurs immobiliers, et acheteurs qui cherchent par eux-mêmes : Immoloupe vous dit si le prix d’une annonce est dans le marché, où se trouve probablement le bien, et ce que l’on sait du quartier avant même la visite.',
  problems: [
    'Une annonce donne un prix demandé, pas le prix auquel les biens comparables se sont réellement vendus.',
    'Beaucoup d’annonces ne donnent pas l’adresse : on visite sans savoir dans quelle rue, dans quel immeuble, au pied de quelle copropriété.',
    'Les ventes passées de l’immeuble, son diagnostic énergétique et la copropriété sont publics, mais éparpillés.',
    'Suivre un marché qui bouge vite demande d’être prévenu des nouveautés sans refaire ses recherches tous les jours.',
  ],
  tools: [
    '/pro/analyseannonce',
    '/pro/localisationauto',
    '/pro/analyseadresse',
    '/pro/transactions',
    '/pro/carte_annonces',
    '/pro/creer_recherche',
  ],
  example: {
    title: 'Exemple : vérifier une annonce avant de visiter',
    intro:
      'Votre client repère une maison annoncée avec ses étiquettes énergie et climat, sa surface et sa commune, mais sans adresse. Avec Immoloupe :',
    steps: [
      'La localisation automatique cherche les DPE publics de la même commune avec les mêmes étiquettes et une surface à ± 10 % : elle propose des adresses candidates, chacune avec un score.',
      'Sur l’adresse la plus probable, l’analyse d’adresse montre la parcelle, les ventes passées autour et le prix médian au mètre carré des maisons du secteur.',
      'L’analyse d’annonce confronte le prix demandé aux ventes comparables : vous savez avant la visite si la marge de négociation est réelle.',
    ],
    outcome:
      'Votre client visite en connaissant le marché du quartier, et fait une offre appuyée sur des ventes réelles. La localisation reste une probabilité : elle se vérifie toujours sur place.',
  },
  subscribe: 'Analyse d’annonce, localisation, ventes et alertes, avec un seul abonnement.',
};

export default function ChasseursPage() {
  return <AudiencePage content={CONTENT} />;
}

/** `/demenagement`: a practical moving guide for households, leading to the address analysis. */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { publicMeta } from '~/features/public/meta';
import { Bullets, PublicPage, Section } from '~/features/public/page-parts';

const PATH = '/demenagement';
export const meta = publicMeta(PATH);

const TIMELINE: { id: string; when: string; tasks: string[] }[] = [
  {
    id: 'trois-mois',
    when: 'Trois mois avant',
    tasks: [
      'Si vous êtes locataire, donnez congé : le préavis est de trois mois pour un logement vide, d’un mois pour un meublé, en zone tendue ou dans les cas prévus par la loi (mutation, perte d’emploi, raisons de santé…). Envoyez-le en recommandé avec accusé de réception, par commissaire de justice ou remettez-le en main propre contre récépissé.',
      'Demandez au moins trois devis de déménageurs, après une visite ou un inventaire précis, ou réservez un véhicule utilitaire.',
      'Inscrivez les enfants dans leur nouvelle école (auprès de la mairie pour l’école primaire).',
      'Vérifiez si votre convention collective prévoit un jour de congé pour déménagement.',
    ],
  },
  {
    id: 'deux-mois',
    when: 'Deux mois avant',
    tasks: [
      'Triez : vendez, donnez ou déposez en déchetterie ce que vous n’emporterez pas.',
      'Demandez à la mairie une autorisation de stationnement pour le camion, si la rue l’exige.',
      'Assurez le nouveau logement : l’assurance habitation est obligatoire pour un locataire dès la remise des clés.',
    ],
  },
  {
    id: 'un-mois',
    when: 'Un mois avant',
    tasks: [
      'Ouvrez les contrats d’électricité et de gaz du nouveau logement à la date d’arrivée, et résiliez ceux de l’ancien à la date de départ.',
      'Prévenez votre fournisseur d’accès à internet : un transfert de ligne ou un nouveau raccordement prend souvent plusieurs semaines.',
      'Souscrivez la réexpédition de votre courrier auprès de La Poste.',
      'Commencez les cartons par ce qui sert le moins, et numérotez-les par pièce.',
    ],
  },
  {
    id: 'une-semaine',
    when: 'La dernière semaine',
    tasks: [
      'Confirmez l’heure avec le déménageur ou les amis qui vous aident.',
      'Dégivrez le congélateur, démontez les meubles, préparez un sac pour le premier soir (papiers, chargeurs, médicaments, draps).',
      'Prenez rendez-vous pour l’état des lieux de sortie et celui d’entrée.',
    ],
  },
  {
    id: 'jour-j',
    when: 'Le jour du déménagement',
    tasks: [
      'État des lieux de sortie : comparez-le pièce par pièce à celui d’entrée, notez les réserves, rendez toutes les clés.',
      'Relevez et photographiez les compteurs d’eau, d’électricité et de gaz, au départ comme à l’arrivée.',
      'État des lieux d’entrée du nouveau logement : signalez tout défaut, même petit, il vous sera utile à la sortie.',
    ],
  },
  {
    id: 'apres',
    when: 'Dans le mois qui suit',
    tasks: [
      'Déclarez votre changement d’adresse en une fois sur service-public.fr (« Déclarer un changement de coordonnées ») : la caisse d’allocations familiales, les impôts, l’Assurance maladie, France Travail et d’autres organismes sont prévenus.',
      'Mettez à jour la carte grise de votre véhicule dans le mois, gratuitement, sur le site de l’ANTS.',
      'Inscrivez-vous sur la liste électorale de votre nouvelle commune.',
      'Prévenez votre banque, votre employeur, votre mutuelle et vos abonnements.',
      'Si vous étiez locataire, le dépôt de garantie doit vous être rendu sous un mois quand l’état des lieux de sortie est conforme, sous deux mois sinon.',
    ],
  },
];

export default function DemenagementPage() {
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="Un déménagement se prépare trois mois à l’avance. Voici le calendrier des démarches, et comment bien connaître le quartier où vous allez vivre."
    >
      <Section id="calendrier" title="Le calendrier, étape par étape">
        <Stack gap="lg">
          {TIMELINE.map((step) => (
            <Stack key={step.id} gap="xs" component="section" aria-labelledby={`${step.id}-titre`}>
              <Title order={3} fz="lg" id={`${step.id}-titre`}>
                {step.when}
              </Title>
              <List spacing="xs">
                {step.tasks.map((task) => (
                  <List.Item key={task}>{task}</List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section id="quartier" title="Bien connaître le quartier avant de s’engager">
        <Text>Avant de signer un bail ou une promesse de vente, quelques questions valent d’être posées :</Text>
        <Bullets
          items={[
            'À quel prix les logements comparables se sont-ils vendus dans la rue et dans le quartier ces dernières années ?',
            'Quelle est l’étiquette énergie de l’immeuble et des logements voisins ? Un logement classé G ne peut plus être loué, un F ne le pourra plus en 2028.',
            'L’immeuble est-il une copropriété immatriculée ? Combien de lots, quel syndic, quelle période de construction ?',
          ]}
        />
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text>
              L’<strong>analyse d’adresse</strong> d’Immoloupe répond à ces questions pour une adresse donnée : la parcelle, les ventes
              passées autour, le prix médian au mètre carré, les DPE et les copropriétés. Elle est comprise dans l’abonnement.
            </Text>
            <Group>
              <Button component={Link} to="/pro/analyseadresse">
                Analyser une adresse
              </Button>
              <Anchor component={Link} to="/abo/offre">
                Voir l’offre
              </Anchor>
            </Group>
          </Stack>
        </Card>
      </Section>
    </PublicPage>
  );
}

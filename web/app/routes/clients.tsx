/** `/clients`: who Immoloupe is for, and what each kind of user does with it. */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { publicMeta } from '~/features/public/meta';
import { Bullets, PublicPage, Section, SubscribeCall } from '~/features/public/page-parts';

const PATH = '/clients';
export const meta = publicMeta(PATH);

const USES = [
  {
    path: '/clientscibles/agents_mandataires',
    title: 'Agents immobiliers et mandataires',
    uses: [
      'Préparer un rendez-vous d’estimation avec les ventes de la rue et du quartier.',
      'Remettre un avis de valeur argumenté, à l’identité de l’agence.',
      'Suivre les ventes et les prix de son secteur mois après mois.',
      'Cibler les logements classés F ou G avant les interdictions de louer.',
    ],
  },
  {
    path: '/clientscibles/prospecteurs_fonciers',
    title: 'Prospecteurs fonciers, promoteurs, marchands de biens',
    uses: [
      'Repérer les grandes parcelles d’une section cadastrale.',
      'Connaître les copropriétés d’un secteur, leur taille, leur âge et leur syndic.',
      'Justifier un prix de sortie avec les ventes récentes, neuves et anciennes.',
    ],
  },
  {
    path: '/clientscibles/chasseurs_appartement_maison',
    title: 'Chasseurs d’appartements et de maisons',
    uses: [
      'Vérifier qu’un prix d’annonce est dans le marché.',
      'Retrouver l’adresse probable d’une annonce grâce à son DPE.',
      'Connaître un quartier avant la visite : ventes, prix, copropriétés.',
    ],
  },
];

export default function ClientsPage() {
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="Immoloupe s’adresse aux professionnels qui ont besoin de prix réels et de données fiables sur un secteur : voici ce qu’ils en font."
    >
      <Section id="usages" title="Les usages, métier par métier">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {USES.map((u) => (
            <Card key={u.path} withBorder padding="md" radius="md">
              <Stack gap="xs">
                <Title order={3} fz="md">
                  {u.title}
                </Title>
                <Bullets items={u.uses} />
                <Anchor component={Link} to={u.path} size="sm" fw={600}>
                  Voir la page dédiée<span aria-hidden="true"> →</span>
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="particuliers" title="Et les particuliers ?">
        <Text>
          Un particulier peut s’abonner comme un professionnel, par exemple le temps d’une recherche de logement. Pour un déménagement,
          notre{' '}
          <Anchor component={Link} to="/demenagement">
            guide du déménagement
          </Anchor>{' '}
          donne le calendrier et la liste des démarches.
        </Text>
      </Section>

      <Section id="references" title="Références">
        <Text>
          Immoloupe est un service récent : nous ne publions ni logos de clients ni témoignages tant que des clients ne nous ont pas
          autorisés à le faire. Pour une démonstration sur votre secteur,{' '}
          <Anchor component={Link} to="/contact">
            écrivez-nous
          </Anchor>
          .
        </Text>
      </Section>

      <SubscribeCall />
    </PublicPage>
  );
}

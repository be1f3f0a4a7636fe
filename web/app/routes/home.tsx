/** `/`: what Immoloupe does, for whom, its tools, its offer and its data. */

import { HOME_TOOLS, isToolAvailable, toolByPath } from '@immoloupe/shared/public/tool-catalogue';
import { SPEC_ROUTES } from '@immoloupe/shared/routes';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { publicMeta } from '~/features/public/meta';
import { PublicPage, Section, SourcesList, SubscribeCall, ToolLines } from '~/features/public/page-parts';

const PATH = '/';
export const meta = publicMeta(PATH);

const AUDIENCES = [
  {
    path: '/clientscibles/agents_mandataires',
    title: 'Agents immobiliers et mandataires',
    text: 'Estimer avec les ventes réelles, convaincre un vendeur, rentrer des mandats et suivre votre secteur.',
  },
  {
    path: '/clientscibles/prospecteurs_fonciers',
    title: 'Prospecteurs fonciers',
    text: 'Trouver les parcelles, les copropriétés et les propriétaires personnes morales d’un secteur.',
  },
  {
    path: '/clientscibles/chasseurs_appartement_maison',
    title: 'Chasseurs d’appartements et de maisons',
    text: 'Vérifier un prix, localiser une annonce et connaître un quartier avant de faire une offre.',
  },
];

export default function HomePage() {
  const title = SPEC_ROUTES.find((r) => r.path === PATH)?.title ?? '';
  return (
    <PublicPage
      title={title}
      lead={
        <Stack gap="md">
          <Text size="lg">
            Immoloupe rassemble les données publiques de l’immobilier — ventes notariées (DVF), diagnostics énergétiques (DPE), cadastre,
            copropriétés et adresses — et en fait des outils de travail : analyser une adresse, estimer un bien par comparaison, décrire un
            marché local, prospecter un secteur.
          </Text>
          <Group>
            <Button component={Link} to="/abo/offre" size="md">
              Voir l’offre
            </Button>
            <Button component={Link} to="/methodo" variant="default" size="md">
              Comment sont calculés les chiffres
            </Button>
          </Group>
        </Stack>
      }
    >
      <Section id="pour-qui" title="Pour qui ?">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {AUDIENCES.map((a) => (
            <Card key={a.path} withBorder padding="md" radius="md">
              <Stack gap="xs">
                <Title order={3} fz="md">
                  {a.title}
                </Title>
                <Text size="sm">{a.text}</Text>
                <Anchor component={Link} to={a.path} size="sm" fw={600}>
                  Ce qu’Immoloupe vous apporte<span aria-hidden="true"> →</span>
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="outils" title="Les outils">
        <Text>
          Chaque outil travaille sur les mêmes données, avec les mêmes règles de calcul, publiées sur la page{' '}
          <Anchor component={Link} to="/methodo">
            méthodologie
          </Anchor>
          .{' '}
          {HOME_TOOLS.every((t) => isToolAvailable(t))
            ? 'Chacun est montré par une capture d’écran prise sur les données d’exemple.'
            : 'Les outils s’ouvrent au fur et à mesure\u00a0: leur état est indiqué à côté de leur nom. Les outils disponibles sont montrés par une capture d’écran sur les données d’exemple, ceux en préparation par un schéma.'}
        </Text>
        <ToolLines tools={HOME_TOOLS.map(toolByPath)} />
        <Anchor component={Link} to="/pro/modedemploi">
          Le mode d’emploi de chaque outil (espace abonnés)
        </Anchor>
      </Section>

      <SubscribeCall title="L’offre">
        <Text>Tous les outils, toutes les communes couvertes par les données, les rapports imprimables et l’export des ventes en CSV.</Text>
      </SubscribeCall>

      <Section id="donnees" title="Les données">
        <Text>
          Immoloupe ne vend que du travail sur des données publiques : aucune donnée n’est inventée, et chaque source est citée avec sa
          licence.
        </Text>
        <SourcesList />
        <Text size="sm">
          Les pages qui montrent des ventes DVF sont réservées aux abonnés et fermées aux moteurs de recherche, comme l’exigent les
          conditions de réutilisation de ces données.{' '}
          <Anchor component={Link} to="/methodo#sources">
            Couverture et fraîcheur de chaque source
          </Anchor>
        </Text>
      </Section>
    </PublicPage>
  );
}

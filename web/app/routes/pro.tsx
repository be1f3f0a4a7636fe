/**
 * `/pro`: the professional home. Every tool of the pro menu (with whether it is open yet), the
 * subscription state, and the freshness of the open data behind the tools (from the importers).
 */
import { NBSP } from '@immoloupe/shared/format';
import type { OpenDataSource } from '@immoloupe/shared/opendata/contracts';
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { PRO_NAV } from '~/components/shell/pro-nav';
import { describeAbo } from '~/features/billing/subscription-state.logic';
import { useDataFreshness } from '~/features/imports/data-freshness';
import { dvfFreshnessLabel } from '~/features/imports/imports.logic';
import { SourceFiles } from '~/features/imports/source-files';
import { AppIcon } from '~/lib/icons';
import { specMetaFor } from '~/lib/meta';
import { useSessionUser } from '~/lib/session';
import type { Route } from './+types/pro';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

/** Source names as the dashboard lists them: every source has one (the type says so). */
const SOURCE_LABELS: Record<OpenDataSource, string> = {
  dvf: 'Ventes DVF',
  'dvf-raw': 'Ventes DVF (fichiers DGFiP)',
  cadastre: 'Cadastre',
  dpe: 'Diagnostics DPE (ADEME)',
  copro: 'Copropriétés (RNIC)',
  ban: 'Adresses (BAN)',
  'personnes-morales': 'Propriétaires personnes morales (DGFiP)',
  annonces: 'Flux d’annonces',
  loyers: 'Loyers de référence (Carte des loyers)',
  plu: 'Urbanisme (PLU / PLUi)',
  gaspar: 'Risques des communes (GASPAR)',
  icpe: 'Installations classées (ICPE)',
  basias: 'Anciens sites industriels (BASIAS)',
  sitadel: 'Permis de construire (Sitadel)',
  batiments: 'Bâtiments du cadastre',
};

/** The freshness of the open data behind the tools (the importers' public `/api/data/freshness`). */
function Freshness() {
  const freshness = useDataFreshness();
  if (!freshness) return <Busy size="xs" />;
  if (freshness.sources.length === 0) return <Text c="dimmed">Aucune donnée ouverte n’a encore été importée sur ce serveur.</Text>;
  const dvf = dvfFreshnessLabel(freshness);
  return (
    <Stack gap={4} data-testid="data-freshness">
      {dvf ? <Text size="sm">{dvf}</Text> : null}
      {freshness.sources.map((s) => (
        <SourceFiles key={s.source} source={s} label={SOURCE_LABELS[s.source]} />
      ))}
    </Stack>
  );
}

export default function ProHomePage() {
  const user = useSessionUser();
  const isAdmin = user?.role === 'admin';
  const abo = describeAbo(user?.client as Parameters<typeof describeAbo>[0], user?.role);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Espace professionnel</Title>
        {user ? (
          <Text c="dimmed">
            Connecté{NBSP}: {user.email}
          </Text>
        ) : null}
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              Abonnement
            </Title>
            <Group gap="sm">
              <Badge color={abo.color} variant="light" data-testid="pro-abo-state">
                {abo.label}
              </Badge>
              <Text size="sm">{abo.detail}</Text>
            </Group>
            <Anchor component={Link} to="/abo/moncompte" size="sm">
              Gérer mon compte
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              Données
            </Title>
            <Freshness />
            <Anchor component={Link} to="/methodo" size="sm">
              Sources et méthode
            </Anchor>
          </Stack>
        </Card>
      </SimpleGrid>

      {PRO_NAV.map((group) => {
        const items = group.items.filter((i) => (!i.adminOnly || isAdmin) && i.path !== '/abo/moncompte');
        if (items.length === 0) return null;
        return (
          <Stack key={group.label} gap="sm" component="section" aria-label={group.label}>
            <Title order={2} fz="h3">
              {group.label}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {items.map((item) => {
                const route = findSpecRoute(item.path);
                const coming = route?.delivery.state === 'coming';
                return (
                  <Card key={item.path} withBorder radius="md" padding="md" component={Link} to={item.path} data-testid="pro-tool">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <AppIcon name={item.icon} size="1.6em" />
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text fw={600}>{item.label}</Text>
                          {coming ? (
                            <Badge size="xs" color="gray" variant="outline">
                              bientôt
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {route?.description}
                        </Text>
                      </Stack>
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** `/pro/listeautomatique`: Liste automatique. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AutoListTool } from '~/features/listings/auto-list';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.listeautomatique';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function Page() {
  return (
    <Stack gap="lg">
      <Title order={1}>Liste automatique</Title>
      <Text maw={900}>
        Les annonces des flux importés qui répondent à vos recherches d’annonces, comparées au prix médian des ventes DVF autour d’elles.
        Pour recevoir les nouvelles annonces par e-mail, chaque jour ou chaque semaine, choisissez une alerte pour ces recherches dans{' '}
        <Anchor component={Link} to="/pro/mesrecherches">
          Mes recherches
        </Anchor>
        .
      </Text>
      <AutoListTool />
    </Stack>
  );
}

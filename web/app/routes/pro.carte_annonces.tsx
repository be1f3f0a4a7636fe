/** `/pro/carte_annonces`: Carte des annonces (Mes annonces, or the imported feeds with a listing search's filters). */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ListingsMapTool } from '~/features/listings/listings-map-tool';
import { PoolMapTool } from '~/features/listings/pool-map-tool';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.carte_annonces';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function Page() {
  const [params] = useSearchParams();
  // A query (a saved listing search re-opened) shows the imported feeds with its filters.
  const initial = params.size > 0 ? 'flux' : 'mes';
  return (
    <Stack gap="lg">
      <Title order={1}>Carte des annonces</Title>
      <Text maw={900}>
        Les annonces sur la carte, colorées selon leur prix au m² face à la médiane des ventes DVF (sous le marché, dans le marché,
        au-dessus).
      </Text>
      <Tabs defaultValue={initial} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mes">Mes annonces</Tabs.Tab>
          <Tabs.Tab value="flux">Annonces des flux importés</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mes" pt="md">
          <ListingsMapTool />
        </Tabs.Panel>
        <Tabs.Panel value="flux" pt="md">
          <PoolMapTool />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

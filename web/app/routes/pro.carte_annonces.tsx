/** `/pro/carte_annonces`: Carte des annonces. */
import { Stack, Text, Title } from '@mantine/core';
import { ListingsMapTool } from '~/features/listings/listings-map-tool';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.carte_annonces';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function Page() {
  return (
    <Stack gap="lg">
      <Title order={1}>Carte des annonces</Title>
      <Text maw={900}>Vos annonces sur la carte, colorées selon leur prix au m² face à la médiane des ventes de leur commune.</Text>
      <ListingsMapTool />
    </Stack>
  );
}

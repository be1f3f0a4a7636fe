/** `/pro/mesannonces`: Mes annonces. */
import { Stack, Text, Title } from '@mantine/core';
import { MyListings } from '~/features/listings/my-listings';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.mesannonces';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function Page() {
  return (
    <Stack gap="lg">
      <Title order={1}>Mes annonces</Title>
      <Text maw={900}>Les annonces que vous suivez : statut, notes, historique des prix.</Text>
      <MyListings />
    </Stack>
  );
}

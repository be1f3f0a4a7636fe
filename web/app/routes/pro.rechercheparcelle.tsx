/** `/pro/rechercheparcelle`: parcel search by commune, section, number and area, with the outlines on a map. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { ParcelSearch } from '~/features/parcels/parcel-search';
import { SaveSearchButton } from '~/features/saved-searches/save-search-button';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.rechercheparcelle';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ParcelSearchPage() {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Recherche de parcelle</Title>
        <SaveSearchButton tool="parcelles" />
      </Group>
      <Text maw={900}>
        Les parcelles cadastrales d’une commune, par section, numéro ou surface (contenance), avec leur contour. Source{'\u00a0'}: cadastre
        Etalab (DGFiP), du millésime importé{'\u00a0'}; les parcelles disparues depuis restent consultables.
      </Text>
      <ParcelSearch />
    </Stack>
  );
}

/** `/pro/recherchecopro`: the co-ownerships of the RNIC in a zone, by lots, syndic and mandate end, on the map and in a table. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { CoproSearch } from '~/features/copro/copro-search';
import { SaveSearchButton } from '~/features/saved-searches/save-search-button';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.recherchecopro';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function RechercheCoproPage() {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Recherche de copropriétés</Title>
        <SaveSearchButton tool="copros" />
      </Group>
      <Text maw={900}>
        Les copropriétés immatriculées au registre national (RNIC) d’une zone{'\u00a0'}: par défaut «{'\u00a0'}ma zone{'\u00a0'}». Le nom
        d’un syndic bénévole n’est jamais affiché (personne privée).
      </Text>
      <CoproSearch />
    </Stack>
  );
}

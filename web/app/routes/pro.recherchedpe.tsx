/** `/pro/recherchedpe`: the DPE of a zone, filtered, on the map and in a table, with their detail and a CSV export. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { DpeSearch } from '~/features/dpe/dpe-search';
import { SaveSearchButton } from '~/features/saved-searches/save-search-button';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.recherchedpe';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function RechercheDpePage() {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Recherche DPE</Title>
        <SaveSearchButton tool="dpe" />
      </Group>
      <Text maw={900}>
        Les diagnostics de performance énergétique (ADEME) d’une zone{'\u00a0'}: par défaut «{'\u00a0'}ma zone{'\u00a0'}». Un DPE remplacé
        par un plus récent est masqué. Les passoires (F–G) ne peuvent plus, ou bientôt plus, être louées{'\u00a0'}: G depuis le 01/01/2025,
        F à partir du 01/01/2028, E du 01/01/2034.
      </Text>
      <DpeSearch />
    </Stack>
  );
}

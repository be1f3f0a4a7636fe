/** `/pro/test/carte3dsimple`: the 3D price map of a commune's cadastral sections. */
import { Stack, Text, Title } from '@mantine/core';
import { Map3dExplorer } from '~/features/map3d/map3d-explorer';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.test.carte3dsimple';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function Map3dSimplePage() {
  return (
    <Stack gap="md">
      <Title order={1}>Carte 3D des prix</Title>
      <Text maw={900}>
        Chaque section cadastrale de la commune est élevée d’autant plus haut et colorée d’autant plus foncé que le prix médian au m² des
        maisons et appartements qui s’y sont vendus sur la période est élevé (ventes DVF dans les bornes de plausibilité de la
        méthodologie). Une section restée à plat et claire compte moins de 3 ventes{'\u00a0'}: son prix n’est pas calculé. Inclinez et
        tournez la carte pour comparer les quartiers.
      </Text>
      <Map3dExplorer combined={false} />
    </Stack>
  );
}

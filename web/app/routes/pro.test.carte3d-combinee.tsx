/** `/pro/test/carte3d%20combinee`: the 3D price map with the individual sales as columns and the DPE as points. */
import { Stack, Text, Title } from '@mantine/core';
import { Map3dExplorer } from '~/features/map3d/map3d-explorer';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.test.carte3d-combinee';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function Map3dCombinedPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Carte 3D combinée</Title>
      <Text maw={900}>
        Les sections cadastrales élevées selon leur prix médian au m², avec chaque vente de la période en colonne (hauteur proportionnelle
        au prix de vente) et chaque DPE en point coloré selon son étiquette énergie. Masquez une couche pour lire les autres.
      </Text>
      <Map3dExplorer combined />
    </Stack>
  );
}

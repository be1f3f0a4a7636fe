/** `/pro/mazone`: the subscriber's territory, drawn or by communes, and what changed in it since the last visit. */
import { Stack, Text, Title } from '@mantine/core';
import { MyZone } from '~/features/zone/my-zone';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.mazone';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function MaZonePage() {
  return (
    <Stack gap="md">
      <Title order={1}>Ma zone</Title>
      <Text maw={900}>
        Votre secteur de prospection. Une fois enregistré, la recherche DPE et la recherche de copropriétés l’utilisent par défaut.
      </Text>
      <MyZone />
    </Stack>
  );
}

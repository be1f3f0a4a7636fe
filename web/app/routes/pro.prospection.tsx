/** `/pro/prospection`: prospecting lists (DPE, co-ownerships, parcels, addresses) and their letters. */
import { Stack, Text, Title } from '@mantine/core';
import { ProspectingPage } from '~/features/prospecting/prospecting-page';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.prospection';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ProspectionRoute() {
  return (
    <Stack gap="md">
      <Title order={1}>Prospection</Title>
      <Text maw={900}>
        Vos listes de prospection{'\u00a0'}: les DPE, copropriétés, parcelles et adresses repérés avec les outils, leur statut, la prochaine
        action et vos notes, puis les lettres à envoyer, une par cible. Seules des adresses et des personnes morales sont conservées, jamais
        les données personnelles d’un propriétaire particulier.
      </Text>
      <ProspectingPage />
    </Stack>
  );
}

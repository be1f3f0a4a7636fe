/** `/pro/mesrecherches`: the subscriber's saved searches and their alerts. */
import { Stack, Text, Title } from '@mantine/core';
import { SavedSearchesList } from '~/features/saved-searches/saved-searches-list';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.mesrecherches';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function SavedSearchesPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Mes recherches</Title>
      <Text maw={900}>
        Vos recherches enregistrées, avec le nombre de résultats à leur enregistrement et leur alerte par e-mail (les nouvelles ventes DVF,
        les nouveaux DPE, les copropriétés nouvellement immatriculées ou les nouvelles annonces qu’elles trouvent, chaque jour ou chaque
        semaine). «{'\u00a0'}Ouvrir{'\u00a0'}» rouvre l’outil avec les mêmes filtres.
      </Text>
      <SavedSearchesList />
    </Stack>
  );
}

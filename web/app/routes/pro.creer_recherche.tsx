/** `/pro/creer_recherche`: create a saved search from scratch, with the form of its tool. */
import { Stack, Text, Title } from '@mantine/core';
import { CreateSearchForm } from '~/features/saved-searches/create-search-form';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.creer_recherche';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function CreateSearchPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Créer une recherche</Title>
      <Text maw={900}>
        Choisissez l’outil, ses filtres et un nom{'\u00a0'}; vous pouvez aussi enregistrer une recherche depuis l’outil lui-même avec le
        bouton « Enregistrer cette recherche ».
      </Text>
      <CreateSearchForm />
    </Stack>
  );
}

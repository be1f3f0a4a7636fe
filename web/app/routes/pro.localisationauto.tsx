/** `/pro/localisationauto`: the probable address of a listing, from the DPE of its zone. */
import { Stack, Text, Title } from '@mantine/core';
import { LocalisationTool } from '~/features/listings/localisation-tool';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.localisationauto';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function LocalisationPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Localisation automatique</Title>
      <Text maw={900}>
        Saisissez ce que l’annonce affiche : code postal, type, surface, étiquettes et valeurs du DPE. Chaque DPE du secteur est noté sur
        ces valeurs, avec les tolérances des annonces (valeurs arrondies, surface à quelques % près, DPE refait) : voici les adresses les
        plus probables.
      </Text>
      <LocalisationTool />
    </Stack>
  );
}

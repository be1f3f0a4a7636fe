/** `/pro/mesadresses`: the addresses saved from the address analysis and the parcel sheet, with notes, tags, a map and « Surveiller ». */
import { Stack, Text, Title } from '@mantine/core';
import { SavedAddressesPage } from '~/features/saved-addresses/saved-addresses-page';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.mesadresses';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function MesAdressesPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Mes adresses</Title>
      <Text maw={900}>
        Les adresses enregistrées depuis l’analyse d’adresse ou la fiche d’une parcelle, avec vos notes et vos étiquettes. «{'\u00a0'}
        Surveiller{'\u00a0'}» une adresse vous envoie un e-mail quand une nouvelle vente DVF ou un nouveau DPE apparaît sur sa parcelle ou
        dans le rayon choisi.
      </Text>
      <SavedAddressesPage />
    </Stack>
  );
}

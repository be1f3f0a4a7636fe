/** `/pro/analyseadresse`: parcel, sales, prices, DPE and copropriétés around one address. */
import { Stack, Text, Title } from '@mantine/core';
import { AddressAnalysisTool } from '~/features/market/address-analysis';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.analyseadresse';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function AddressAnalysisPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Analyse d’adresse</Title>
      <Text maw={900}>
        La parcelle d’une adresse, ses ventes et celles du voisinage, les prix au m² de la commune et du quartier sur cinq ans, les DPE et
        les copropriétés immatriculées.
      </Text>
      <AddressAnalysisTool />
    </Stack>
  );
}

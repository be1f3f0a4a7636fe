/** `/pro/analysemarche`: volumes and €/m² of a zone and a period (METHODOLOGY §1). */
import { Stack, Text, Title } from '@mantine/core';
import { MarketAnalysisTool } from '~/features/market/market-analysis';
import { PermitSearchSection } from '~/features/permits/permit-search';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.analysemarche';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function MarketAnalysisPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Analyse de marché</Title>
      <Text maw={900}>
        Volumes et prix au m² d’une ou plusieurs communes, d’une section cadastrale ou d’un rayon autour d’une adresse, par type de bien et
        par nombre de pièces, avec l’évolution mensuelle, la répartition des prix et la comparaison avec la commune et le département.
      </Text>
      <MarketAnalysisTool />
      <PermitSearchSection />
    </Stack>
  );
}

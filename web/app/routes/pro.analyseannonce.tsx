/** `/pro/analyseannonce`: one listing against the market, its estimate, its probable address. */
import { Stack, Text, Title } from '@mantine/core';
import { ListingAnalysisTool } from '~/features/listings/listing-analysis-tool';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.analyseannonce';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ListingAnalysisPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Analyse d’annonce</Title>
      <Text maw={900}>
        Le prix au m² de l’annonce face aux ventes DVF du secteur, l’estimation par comparables et la marge de négociation, l’adresse
        probable d’après les DPE, et la date d’interdiction de louer de son étiquette.
      </Text>
      <ListingAnalysisTool />
    </Stack>
  );
}

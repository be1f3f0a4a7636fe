/** `/pro/avisdevaleur`: the value opinion by comparable sales (METHODOLOGY §2). */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ValueOpinionTool } from '~/features/market/value-opinion';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.avisdevaleur';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ValueOpinionPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Avis de valeur</Title>
      <Text maw={900}>
        Estimation par la méthode par comparaison{'\u00a0'}: ventes DVF de biens semblables autour de l’adresse, élargies pas à pas jusqu’à
        5 à 8 comparables, puis médiane des prix au m² × surface. Retirez ou ajoutez des ventes, l’estimation se met à jour. Détails sur la{' '}
        <Anchor component={Link} to="/methodo">
          méthodologie
        </Anchor>
        .
      </Text>
      <ValueOpinionTool />
    </Stack>
  );
}

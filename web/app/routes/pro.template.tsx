/** `/pro/template`: the agency identity printed at the top of the value opinion and market reports. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AgencyForm } from '~/features/market/agency-form';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.template';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ReportTemplatePage() {
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Modèle de rapport</Title>
      <Text>
        Le nom, les coordonnées et le logo de votre agence figurent en tête de vos{' '}
        <Anchor component={Link} to="/pro/avisdevaleur">
          avis de valeur
        </Anchor>{' '}
        et de vos{' '}
        <Anchor component={Link} to="/pro/analysemarche">
          analyses de marché
        </Anchor>{' '}
        imprimés ou téléchargés en PDF.
      </Text>
      <AgencyForm />
    </Stack>
  );
}

/** `/pro/creer_cle`: create a personal access key from the pro area (and see the others). */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { KeysManager } from '~/features/keys/keys-manager';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.creer_cle';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function CreateKeyPage() {
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Créer une clé d’accès</Title>
      <Text>
        L’extension navigateur et l’API publique se connectent à votre compte avec une clé personnelle, envoyée dans l’en-tête{' '}
        <code>Authorization: Bearer</code>. Voir aussi{' '}
        <Anchor component={Link} to="/pro/extension">
          l’extension navigateur
        </Anchor>
        .
      </Text>
      <KeysManager focusCreate />
    </Stack>
  );
}

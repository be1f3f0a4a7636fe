/** `/abo/mescles`: the user's personal access keys (extension, public API). */
import { Container, Stack, Text, Title } from '@mantine/core';
import { KeysManager } from '~/features/keys/keys-manager';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/abo.mescles';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function MyKeysPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Mes clés d’accès</Title>
        <Text>
          Une clé relie l’extension navigateur ou vos scripts à votre compte, sans votre mot de passe. Donnez une clé à chaque usage, et
          révoquez celle d’un appareil perdu.
        </Text>
        <KeysManager />
      </Stack>
    </Container>
  );
}

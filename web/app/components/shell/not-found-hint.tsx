/**
 * Under the spec's heading and « Page not found: {path} » of an unknown address: the same news in
 * French and the ways on, so that a mistyped link does not read as a crash (issue 38, point 9).
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundHint() {
  return (
    <Stack gap="xs" data-testid="not-found-hint">
      <Text fw={600}>Cette page n’existe pas.</Text>
      <Text size="sm" c="dimmed">
        L’adresse est peut-être mal saisie, ou la page a changé de place. Vous pouvez repartir de l’une de celles-ci.
      </Text>
      <Group gap="lg" component="nav" aria-label="Pages pour repartir">
        <Anchor component={Link} to="/">
          Page d’accueil
        </Anchor>
        <Anchor component={Link} to="/pro">
          Mes outils professionnels
        </Anchor>
      </Group>
    </Stack>
  );
}

import type { SpecRoute } from '@immoloupe/shared/routes';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';

/**
 * The honest page of a route whose tool is not delivered yet: its title, what it will do,
 * and that it is coming. Never fake content.
 */
export function ComingSoon({ route }: { route: SpecRoute }) {
  const issue = route.delivery.state === 'coming' ? route.delivery.issue : '';
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{route.title}</Title>
        <Text size="lg">{route.description}</Text>
        <Alert color="blue" title="Bientôt disponible" data-testid="coming-soon">
          Cette page n’est pas encore ouverte : elle arrive avec le lot « {issue} ». Rien de ce que vous voyez ici n’est une donnée réelle
          ou simulée.
        </Alert>
      </Stack>
    </Container>
  );
}

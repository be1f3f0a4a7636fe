/**
 * A subscriber who opens an administration page: said inside the pro layout, with its menu and a
 * way back, not as the fatal error screen (nothing is broken; the page is not theirs).
 */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function Forbidden({ message }: { message: string }) {
  return (
    <Container size="sm" py="xl" component="section" aria-labelledby="forbidden-title" data-testid="forbidden">
      <Stack gap="md" align="flex-start">
        <Title order={1} id="forbidden-title">
          {message.replace(/\.$/, '')}
        </Title>
        <Text>
          Cette page fait partie de l’administration d’Immoloupe, réservée aux comptes administrateurs. Votre compte d’abonné donne accès à
          tous les outils du menu.
        </Text>
        <Button component={Link} to="/pro">
          Retour à l’accueil des outils
        </Button>
      </Stack>
    </Container>
  );
}

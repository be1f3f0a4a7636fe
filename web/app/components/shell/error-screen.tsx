import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The error screen of SEED-SPEC §2; `children` go under the spec's message (the 404's French help). */
export function ErrorScreen({ status, message, children }: { status: number; message: string; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl" component="section" aria-labelledby="error-title">
      <Stack gap="md" align="flex-start">
        <Title order={1} id="error-title">
          L'application a rencontré une erreur
        </Title>
        <Text size="xl" fw={700} data-testid="error-status">
          {status}
        </Text>
        <Text data-testid="error-message">{message}</Text>
        {children}
        <Button onClick={() => navigate('/')}>Relancer</Button>
      </Stack>
    </Container>
  );
}

/** The frame of the account and subscription pages: a title, an optional lead, the content. */
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AboPage({
  title,
  lead,
  children,
  size = 'xs',
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {lead ? <Text c="dimmed">{lead}</Text> : null}
        </Stack>
        <Paper withBorder p="lg" radius="md">
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}

import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Immoloupe, accueil">
      <Group gap={6} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={800} size="lg" component="span">
          Immoloupe
        </Text>
      </Group>
    </Link>
  );
}

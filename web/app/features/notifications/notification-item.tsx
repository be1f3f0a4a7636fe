/** One notification of the bell's list: what was found, when, its first rows and the link to them all. */
import { formatDateTime } from '@immoloupe/shared/format';
import { type Notification, newRowsLabel, notificationHeading } from '@immoloupe/shared/notifications/contracts';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Rows written in the list; the link opens the tool with all of them. */
const ROWS_SHOWN = 3;

export function NotificationItem({ n, onOpen, onMarkRead }: { n: Notification; onOpen: () => void; onMarkRead: () => void }) {
  const unread = n.readAt === null;
  return (
    <Box
      component="li"
      p="xs"
      bg={unread ? 'var(--mantine-color-indigo-light)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)', listStyle: 'none' }}
      data-unread={unread || undefined}
    >
      <Stack gap={2}>
        <Text size="sm" fw={unread ? 700 : 500}>
          {notificationHeading(n)}
        </Text>
        <Text size="xs" c="dimmed">
          {n.subtitle} · {newRowsLabel(n.rowCount)} · {formatDateTime(n.createdAt)}
        </Text>
        {n.rows.slice(0, ROWS_SHOWN).map((r) => (
          <Text key={`${r.date}-${r.title}-${r.detail}`} size="xs" lineClamp={2}>
            {r.title}&nbsp;: {r.detail}
          </Text>
        ))}
        <Group gap="xs" mt={4}>
          <Anchor component={Link} to={n.url} size="sm" onClick={onOpen}>
            {n.rowCount > 1 ? 'Voir les lignes' : 'Voir la ligne'}
          </Anchor>
          {unread ? (
            <Button variant="subtle" size="compact-xs" onClick={onMarkRead}>
              Marquer comme lu
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Box>
  );
}

/**
 * The bell of the pro header (decision 1370): the unread count on it, and under it the alerts'
 * notifications with a link to their rows, « Marquer comme lu » and « Tout marquer comme lu ».
 */
import { bellLabel } from '@immoloupe/shared/notifications/contracts';
import { ActionIcon, Alert, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AppIcon } from '~/lib/icons';
import { NotificationItem } from './notification-item';
import { useNotifications } from './use-notifications';

export function NotificationBell({ enabled }: { enabled: boolean }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const state = useNotifications(enabled);
  if (!enabled) return null;
  const open = () => {
    if (!opened) state.load();
    toggle();
  };
  return (
    <Popover
      opened={opened}
      onChange={(o) => !o && close()}
      position="bottom-end"
      width={380}
      shadow="md"
      withArrow
      // The header is fixed: the bell is never out of view (jsdom measures it as detached).
      hideDetached={false}
    >
      {/* The target is the button itself: Popover.Target sets aria-expanded on its child, which a div may not carry. */}
      <Indicator label={state.unread > 99 ? '99+' : state.unread} size={18} disabled={state.unread === 0} offset={4} color="red">
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={bellLabel(state.unread)} onClick={open}>
            <AppIcon name="tabler:bell" size="1.4em" />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" aria-labelledby="notifications-title" role="dialog">
        <Group justify="space-between" mb="xs">
          <Text fw={700} id="notifications-title">
            Notifications
          </Text>
          <Button variant="subtle" size="compact-xs" disabled={state.unread === 0} onClick={state.markAll}>
            Tout marquer comme lu
          </Button>
        </Group>
        {state.error ? (
          <Alert color="red" mb="xs" role="alert">
            {state.error}
          </Alert>
        ) : null}
        {state.items.length === 0 && !state.loading && !state.error ? (
          <Text size="sm" c="dimmed">
            Aucune notification. Les nouveautés des alertes de Mes recherches et de Mes adresses arrivent ici après chaque import de
            données.
          </Text>
        ) : null}
        <ScrollArea.Autosize mah="min(70vh, 520px)" type="auto">
          <Stack component="ul" gap={4} m={0} p={0}>
            {state.items.map((n) => (
              <NotificationItem
                key={n.id}
                n={n}
                onOpen={() => {
                  state.markRead(n);
                  close();
                }}
                onMarkRead={() => state.markRead(n)}
              />
            ))}
          </Stack>
          {state.items.length < state.total ? (
            <Button variant="light" size="compact-sm" fullWidth mt="xs" loading={state.loading} onClick={state.more}>
              Afficher plus
            </Button>
          ) : null}
        </ScrollArea.Autosize>
        {state.loading && state.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Chargement…
          </Text>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}

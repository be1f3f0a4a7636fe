/** Professional layout: the tools menu on the side, the current tool in the main area. */
import { AppShell, Burger, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { Brand } from '~/components/shell/brand';
import { PRO_NAV } from '~/components/shell/pro-nav';
import { ProNavMenu } from '~/components/shell/pro-nav-menu';
import { SignOutButton } from '~/features/auth/sign-out-button';
import { TrialBadge } from '~/features/billing/trial-badge';
import { NotificationBell } from '~/features/notifications/notification-bell';
import { preloadRouteModules } from '~/lib/route-preload';
import { useSessionUser } from '~/lib/session';

export function ProLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useSessionUser();
  const isAdmin = user?.role === 'admin';
  useEffect(() => {
    preloadRouteModules(PRO_NAV.flatMap((g) => g.items.map((i) => i.path)));
  }, []);
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Ouvrir le menu des outils" />
            <Brand to="/pro" />
          </Group>
          {/* On a phone the account buttons do not fit beside the menu and the name: they move into the menu; the bell stays. */}
          {user ? (
            <Group gap="sm">
              <TrialBadge client={user.client} />
              <NotificationBell enabled={isAdmin || user.client?.aboactif === true} />
              <Group gap="sm" visibleFrom="xs">
                <Text size="sm" c="dimmed" visibleFrom="sm">
                  {user.email}
                </Text>
                <Button component={Link} to="/abo/moncompte" variant="subtle" size="compact-sm">
                  Mon compte
                </Button>
                <SignOutButton variant="subtle" />
              </Group>
            </Group>
          ) : null}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Outils professionnels">
        {/* A scroll bar always shown when the open groups outgrow the screen: a hidden one hid half the menu. */}
        <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars>
          {user ? (
            <Stack gap={4} hiddenFrom="xs" px="sm" pb="xs" role="group" aria-label="Mon compte">
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
              <Group gap="xs">
                <Button component={Link} to="/abo/moncompte" variant="light" size="compact-sm" onClick={close}>
                  Mon compte
                </Button>
                <SignOutButton variant="subtle" />
              </Group>
            </Stack>
          ) : null}
          <ProNavMenu isAdmin={isAdmin} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="contenu">{children}</AppShell.Main>
    </AppShell>
  );
}

/** Public layout: site header, main content, footer with the legal and data-source mentions. */
import { Anchor, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Brand } from '~/components/shell/brand';
import { openConsentPanel } from '~/lib/consent';
import { useSessionUser } from '~/lib/session';

const NAV = [
  { to: '/clients', label: 'Pour qui\u00a0?' },
  { to: '/methodo', label: 'Méthodologie' },
  { to: '/abo/offre', label: 'Tarif' },
  { to: '/contact', label: 'Contact' },
];

export function SiteFooter() {
  return (
    <Box component="footer" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4}>
            <Text fw={700}>Immoloupe</Text>
            <Text size="sm" c="dimmed" maw={420}>
              Données : DVF (DGFiP), DPE (ADEME), cadastre (Etalab), RNIC (ANAH), Base Adresse Nationale — Licence Ouverte 2.0.
            </Text>
          </Stack>
          <Group gap="md" component="nav" aria-label="Pied de page">
            <Anchor component={Link} to="/apropos" size="sm">
              À propos
            </Anchor>
            <Anchor component={Link} to="/methodo" size="sm">
              Méthodologie
            </Anchor>
            <Anchor component={Link} to="/cgu" size="sm">
              CGU et confidentialité
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm">
              Contact
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={openConsentPanel}>
              Gestion des cookies
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Sign-in and subscribe for visitors; their space and account for signed-in users. */
function AccountButtons({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSessionUser();
  if (user) {
    const hasPro = user.role === 'admin' || Boolean(user.client?.aboactif);
    return (
      <>
        <Button component={Link} to="/abo/moncompte" variant="default" onClick={onNavigate}>
          Mon compte
        </Button>
        <Button component={Link} to={hasPro ? '/pro' : '/abo/offre'} onClick={onNavigate}>
          {hasPro ? 'Mon espace pro' : 'S’abonner'}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button component={Link} to="/abo/connexion" variant="default" onClick={onNavigate}>
        Connexion
      </Button>
      <Button component={Link} to="/abo/offre" onClick={onNavigate}>
        S’abonner
      </Button>
    </>
  );
}

export function PasproLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = NAV.map((item) => (
    <Anchor key={item.to} component={NavLink} to={item.to} onClick={close} fw={500} c="inherit">
      {item.label}
    </Anchor>
  ));
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Navigation principale">
              {links}
            </Group>
            <Group gap="xs" visibleFrom="sm">
              <AccountButtons />
            </Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              aria-label="Ouvrir le menu"
              aria-expanded={opened}
              aria-controls="menu-mobile"
            />
          </Group>
        </Container>
        {/* A plain disclosure rather than a drawer: no scroll-area code on every public page. */}
        {opened ? (
          <Container size="lg" hiddenFrom="sm" pt="sm">
            <Stack component="nav" aria-label="Navigation principale (mobile)" id="menu-mobile">
              {links}
              <AccountButtons onNavigate={close} />
            </Stack>
          </Container>
        ) : null}
      </Box>
      <Box component="main" id="contenu" style={{ flex: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}

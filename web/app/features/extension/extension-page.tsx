/**
 * `/pro/extension`: what the browser extension does, how to install it (Chrome, Edge, Brave,
 * Firefox), the packages built by this server, pairing with an access key, and the portals it reads.
 */
import { type Packages, PORTAL_SUPPORT } from '@immoloupe/shared/extension/contracts';
import { formatDate, formatInteger, NBSP } from '@immoloupe/shared/format';
import { PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Pairing } from './pairing';
import { PanelScreenshots } from './panel-screenshots';
import { usePackages } from './use-packages';

function Download({ browser, label, packages }: { browser: 'chrome' | 'firefox'; label: string; packages: Packages | null }) {
  const pkg = packages?.[browser];
  if (!pkg) return <Button disabled>{label}</Button>;
  return (
    <Stack gap={2}>
      <Button component="a" href={`/api/extension/download/${browser}`} download>
        {label}
      </Button>
      <Text size="xs" c="dimmed">
        Version {packages?.version}, {formatInteger(Math.round(pkg.size / 1024))}
        {NBSP}Kio, construite le {formatDate(pkg.builtAt)}
      </Text>
    </Stack>
  );
}

export function ExtensionPage() {
  const { packages, error } = usePackages();
  const missing = packages !== null && (!packages.chrome || !packages.firefox);
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap="xs">
        <Title order={1}>Extension navigateur</Title>
        <Text>
          Sur la page d’une annonce, l’extension Immoloupe affiche à côté de l’annonce{NBSP}: les caractéristiques lues, le prix au m² face
          à la médiane des ventes DVF de la commune (avec le nombre de ventes), une fourchette d’estimation et l’écart au prix demandé, les
          logements probables d’après les DPE, et la date d’interdiction de louer liée au DPE. Sur une page de résultats, chaque carte
          reçoit un badge avec son prix au m² face à la médiane.
        </Text>
      </Stack>

      <PanelScreenshots />

      <Stack gap="sm">
        <Title order={2}>Installer</Title>
        {error ? <Alert color="red">{error}</Alert> : null}
        {missing ? (
          <Alert color="yellow">
            Le paquet de l’extension n’a pas été construit sur ce serveur{NBSP}: l’administrateur doit lancer npm run build.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={3} fz="h4">
                Chrome, Edge, Brave
              </Title>
              <Download browser="chrome" label="Télécharger pour Chrome, Edge, Brave" packages={packages} />
              <List type="ordered" size="sm">
                <List.Item>Décompressez le fichier téléchargé dans un dossier que vous garderez.</List.Item>
                <List.Item>Ouvrez chrome://extensions (edge://extensions, brave://extensions).</List.Item>
                <List.Item>
                  Activez le «{NBSP}Mode développeur{NBSP}».
                </List.Item>
                <List.Item>
                  Cliquez sur «{NBSP}Charger l’extension non empaquetée{NBSP}» et choisissez ce dossier.
                </List.Item>
              </List>
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={3} fz="h4">
                Firefox
              </Title>
              <Download browser="firefox" label="Télécharger pour Firefox" packages={packages} />
              <List type="ordered" size="sm">
                <List.Item>Ouvrez about:debugging#/runtime/this-firefox.</List.Item>
                <List.Item>
                  Cliquez sur «{NBSP}Charger un module complémentaire temporaire{NBSP}» et choisissez le fichier téléchargé.
                </List.Item>
                <List.Item>Firefox retire un module temporaire à sa fermeture{NBSP}: rechargez-le au besoin.</List.Item>
              </List>
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Title order={2}>Associer à votre compte</Title>
        <Pairing />
        <Text size="sm">
          Vos clés se gèrent aussi sur la page{' '}
          <Anchor component={Link} to="/pro/creer_cle">
            Créer une clé d’accès
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap="sm">
        <Title order={2}>Portails pris en charge</Title>
        <Table striped data-testid="portals-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Portail</Table.Th>
              <Table.Th>Page d’annonce (panneau)</Table.Th>
              <Table.Th>Résultats de recherche (badges)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(PORTAL_SUPPORT).map(([portal, support]) => (
              <Table.Tr key={portal}>
                <Table.Td>{PORTAL_LABELS[portal as keyof typeof PORTAL_SUPPORT]}</Table.Td>
                {[support.listing, support.results].map((ok, i) => (
                  <Table.Td key={i === 0 ? 'listing' : 'results'}>
                    <Badge variant="outline" color={ok ? 'teal' : 'gray'}>
                      {ok ? 'Pris en charge' : 'Pas encore'}
                    </Badge>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Une page bloquée par le portail (protection anti-robot) ou illisible est signalée dans le panneau.
          </Text>
        </Group>
      </Stack>
    </Stack>
  );
}

/** Building blocks of the public pages: page frame, sections, tool lines, the call to subscribe, the sources. */

import { DATA_SOURCES } from '@immoloupe/shared/public/data-sources';
import { isToolAvailable, SCREENSHOT_SIZE, type Tool, toolScreenshot } from '@immoloupe/shared/public/tool-catalogue';
import { Anchor, Badge, Box, Button, Card, Container, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOffer } from './offer';

export function PublicPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          {lead ? (
            <Text size="lg" component="div">
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** A titled section; its heading names the region for assistive technologies. */
export function Section({ id, title, children, order = 2 }: { id: string; title: string; children: ReactNode; order?: 2 | 3 }) {
  return (
    <Box component="section" aria-labelledby={`${id}-titre`}>
      <Stack gap="sm">
        <Title order={order} id={`${id}-titre`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Box>
  );
}

export function ToolState({ path }: { path: string }) {
  return isToolAvailable(path) ? (
    // Outline, not "light": with a shade index the light variant paints text and pill alike.
    <Badge color="teal" variant="outline">
      Disponible
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      En préparation
    </Badge>
  );
}

/**
 * A delivered tool's screenshot thumbnail (it shows the real page, so it is described), or the
 * drawing of a tool to come (decorative: its name and line are beside it). Same 8:5 box for both.
 */
export function ToolPicture({ tool, width = 120 }: { tool: Tool; width?: number }) {
  const shot = toolScreenshot(tool);
  return (
    <img
      src={shot ? shot.thumbnail : `/illustrations/${tool.illustration}.svg`}
      alt={shot ? shot.alt : ''}
      width={width}
      height={Math.round((width * 5) / 8)}
      loading="lazy"
      // Narrower on phones so that the line of text beside it keeps room.
      style={{
        flexShrink: 0,
        borderRadius: 8,
        width: `clamp(64px, 20vw, ${width}px)`,
        height: 'auto',
        ...(shot ? { border: '1px solid var(--mantine-color-gray-3)' } : {}),
      }}
    />
  );
}

/** The full screenshot of a delivered tool, for the user guide; opens at full size when clicked. */
export function ToolScreenshot({ tool }: { tool: Tool }) {
  const shot = toolScreenshot(tool);
  if (!shot) return null;
  return (
    <Box component="figure" m={0}>
      <a href={shot.src}>
        <img
          src={shot.src}
          alt={shot.alt}
          width={SCREENSHOT_SIZE.width}
          height={SCREENSHOT_SIZE.height}
          loading="lazy"
          style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
        />
      </a>
      <Text component="figcaption" size="sm" mt={4}>
        Capture d’écran prise sur les données d’exemple.
      </Text>
    </Box>
  );
}

/** Each tool in one line with its picture; its name is a heading of the given level. */
export function ToolLines({ tools, headingOrder = 3 }: { tools: readonly Tool[]; headingOrder?: 3 | 4 }) {
  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {tools.map((tool) => (
        <Group component="li" key={tool.path} gap="md" wrap="nowrap" align="center">
          <ToolPicture tool={tool} />
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={headingOrder} fz="md">
                {tool.name}
              </Title>
              <ToolState path={tool.path} />
            </Group>
            <Text size="sm">{tool.line}</Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** The offer and its price (from the server's configuration), with the way to /abo/offre. */
export function SubscribeCall({ title = 'S’abonner', children }: { title?: string; children?: ReactNode }) {
  const offer = useOffer();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="abonnement-titre">
      <Stack gap="sm">
        <Title order={2} id="abonnement-titre">
          {title}
        </Title>
        {children}
        {offer ? (
          <Text>
            Un seul abonnement donne accès à tous les outils professionnels :{' '}
            <Text component="strong" fw={700} size="xl">
              {offer.price}
            </Text>{' '}
            TTC {offer.per}, sans engagement, résiliable à tout moment depuis votre compte.
          </Text>
        ) : null}
        <Group>
          <Button component={Link} to="/abo/offre">
            Voir l’offre et s’abonner
          </Button>
          <Anchor component={Link} to="/contact">
            Une question ? Écrivez-nous
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** The data sources, named with their producer and licence. */
export function SourcesList({ detailed = false }: { detailed?: boolean }) {
  return (
    <List spacing="sm">
      {DATA_SOURCES.map((s) => (
        <List.Item key={s.id}>
          <Text component="span" fw={600}>
            {s.name}
          </Text>{' '}
          — {s.producer}. {detailed ? `${s.content} ` : ''}
          <Text component="span" size="sm">
            Licence : {s.licence}.{' '}
            <Anchor href={s.url} rel="noopener" target="_blank">
              Le jeu de données<VisuallyHidden> {s.name} (nouvel onglet)</VisuallyHidden>
            </Anchor>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** A bulleted list of short strings. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List spacing="xs">
      {items.map((item, i) => (
        // Static content lists: the order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}

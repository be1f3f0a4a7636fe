/**
 * The extension's panel on two portals' real sample ads (PANEL_SCREENSHOTS, taken by
 * `npm run screenshots`), each at its real size with a caption.
 */
import { PANEL_SCREENSHOTS, PANEL_SCREENSHOTS_NOTE } from '@immoloupe/shared/extension/panel-screenshots';
import { Box, Group, Stack, Text, Title } from '@mantine/core';

export function PanelScreenshots() {
  return (
    <Stack gap="sm">
      <Title order={2}>Le panneau sur une annonce</Title>
      <Group align="flex-start" gap="xl">
        {PANEL_SCREENSHOTS.map((shot) => (
          <Box component="figure" key={shot.portal} m={0} maw={shot.width} data-testid="panel-screenshot">
            <img
              src={shot.src}
              alt={shot.alt}
              width={shot.width}
              height={shot.height}
              loading="lazy"
              style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
            />
            <Text component="figcaption" size="sm" mt={4}>
              {shot.caption}
            </Text>
          </Box>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {PANEL_SCREENSHOTS_NOTE}
      </Text>
    </Stack>
  );
}

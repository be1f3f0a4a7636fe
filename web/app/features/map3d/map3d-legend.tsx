/** The legend of the 3D map: colour steps of the median €/m², and the DPE labels on the combined map. */

import { formatEurosPerSquareMetre } from '@immoloupe/shared/format';
import { DPE_COLOURS, PRICE_COLOURS } from '@immoloupe/shared/map3d/map3d.logic';
import { Box, Group, Stack, Text } from '@mantine/core';

const Swatch = ({ colour }: { colour: string }) => (
  <Box w={18} h={14} data-swatch={colour} style={{ background: colour, border: '1px solid #adb5bd', borderRadius: 2 }} />
);

export function Map3dLegend({ steps, withDpe }: { steps: number[]; withDpe: boolean }) {
  const labels =
    steps.length === 0
      ? []
      : [`moins de ${formatEurosPerSquareMetre(steps[0] as number)}`, ...steps.map((s) => `${formatEurosPerSquareMetre(s)} et plus`)];
  return (
    <Stack gap={6} data-testid="map3d-legend">
      <Text size="sm" fw={600}>
        Prix médian au m² de la section
      </Text>
      {labels.length === 0 ? <Text size="sm">Aucune section n’a assez de ventes sur la période.</Text> : null}
      {labels.map((label, i) => (
        <Group key={label} gap="xs">
          <Swatch colour={PRICE_COLOURS[Math.min(i, PRICE_COLOURS.length - 1)] as string} />
          <Text size="sm">{label}</Text>
        </Group>
      ))}
      {withDpe ? (
        <>
          <Text size="sm" fw={600} mt="xs">
            Étiquette DPE
          </Text>
          <Group gap={4}>
            {Object.entries(DPE_COLOURS).map(([label, colour]) => (
              <Group key={label} gap={2}>
                <Swatch colour={colour} />
                <Text size="sm">{label}</Text>
              </Group>
            ))}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

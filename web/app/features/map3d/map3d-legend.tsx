/**
 * The legend of the 3D map: classes of the median €/m² (round bounds), and on the combined map the
 * sales (those outside the plausibility bounds in grey) and the DPE labels.
 */

import { DPE_COLOURS, PRICE_COLOURS, priceClassLabels } from '@immoloupe/shared/map3d/map3d.logic';
import { OUTLIER_TITLE } from '@immoloupe/shared/market/transactions-contracts';
import { Box, Group, Stack, Text } from '@mantine/core';
import { OUTLIER_SALE_COLOUR, SALE_COLOUR } from './layers3d';

const Swatch = ({ colour }: { colour: string }) => (
  <Box w={18} h={14} data-swatch={colour} style={{ background: colour, border: '1px solid #adb5bd', borderRadius: 2 }} />
);

export function Map3dLegend({ steps, withDpe }: { steps: number[]; withDpe: boolean }) {
  const labels = priceClassLabels(steps);
  return (
    <Stack gap={6} data-testid="map3d-legend" role="group" aria-label="Légende de la carte en relief des prix">
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
            Ventes
          </Text>
          <Group gap="xs" data-testid="legend-sale">
            <Box w={18} h={14} style={{ background: SALE_COLOUR, borderRadius: 2 }} />
            <Text size="sm">Vente (hauteur = prix)</Text>
          </Group>
          <Group gap="xs" data-testid="legend-outlier" title={OUTLIER_TITLE}>
            <Box w={18} h={14} style={{ background: OUTLIER_SALE_COLOUR, borderRadius: 2 }} />
            <Text size="sm">Vente hors bornes, écartée des prix médians</Text>
          </Group>
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

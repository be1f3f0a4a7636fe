/** The market analysis' map of the median €/m² by cadastral section, with its colour legend. */
import { countOf, formatEurosPerSquareMetre } from '@immoloupe/shared/format';
import { Card, Group, Text } from '@mantine/core';
import { PRICE_STOPS } from '~/features/map/layers';
import { MapView } from '~/features/map/map-view';
import type { MarketAnalysisState } from './use-market-analysis';

export function MarketAnalysisMap({ data, onMapReady }: Pick<MarketAnalysisState, 'data' | 'onMapReady'>) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Carte des prix par section">
      <Text fw={600} mb="xs">
        Prix médian au m² par section cadastrale (contours des sections calculés depuis le cadastre)
      </Text>
      <MapView label="Carte des prix médians par section" height={380} onReady={onMapReady} />
      <Group gap="xs" mt="xs">
        {PRICE_STOPS.map(([v, color]) => (
          <Group key={v} gap={4}>
            <span style={{ width: 14, height: 12, borderRadius: 2, background: color, opacity: 0.8, display: 'inline-block' }} />
            <Text size="xs">{formatEurosPerSquareMetre(v)}</Text>
          </Group>
        ))}
        {data && <Text size="xs">· {countOf(data.sections.length, 'section')}</Text>}
      </Group>
    </Card>
  );
}

/** The market analysis' map of the median €/m² by cadastral section, with its colour legend. */
import { countOf, formatInteger, NBSP } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Card, Text } from '@mantine/core';
import { ImportHint } from '~/components/import-hint';
import { PRICE_STOPS } from '~/features/map/layers';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { priceRampStops } from '~/features/map/sales-legend';
import type { MarketAnalysisState } from './use-market-analysis';

/** Sections whose commune's cadastre is not imported: drawn as discs, and said so. */
export function UnoutlinedNote({ sections }: { sections: NonNullable<MarketAnalysisState['data']>['sections'] }) {
  const without = sections.filter((s) => !s.outlined);
  if (without.length === 0) return null;
  const departement = departementOfCodes([...new Set(without.map((s) => s.code.slice(0, 5)))]);
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {without.length === sections.length
        ? 'Contours des sections inconnus'
        : `Contours inconnus pour ${countOf(without.length, 'section')} sur ${formatInteger(sections.length)}`}
      {NBSP}: le cadastre de leur commune n’est pas importé. Leur prix médian est un disque placé au centre de leurs ventes.{' '}
      <ImportHint source="cadastre" departement={departement} />
    </Text>
  );
}

export const SECTIONS_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'ramp', stops: priceRampStops() }, label: 'Prix médian au m² des ventes de la section (sa couleur)' },
  {
    swatch: [
      { kind: 'disc', color: PRICE_STOPS[1]?.[1] ?? '#868e96', size: 10, stroke: '#212529' },
      { kind: 'disc', color: PRICE_STOPS[1]?.[1] ?? '#868e96', size: 20, stroke: '#212529' },
    ],
    label: `Disque${NBSP}: section sans contour connu, au centre de ses ventes (plus gros avec plus de ventes)`,
  },
];

export function MarketAnalysisMap({ data, onMapReady }: Pick<MarketAnalysisState, 'data' | 'onMapReady'>) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Carte des prix par section">
      <Text fw={600} mb="xs">
        Prix médian au m² par section cadastrale (contours des sections calculés depuis le cadastre)
      </Text>
      <MapView label="Carte des prix médians par section" height={380} onReady={onMapReady} />
      <MapLegend label="Légende de la carte des prix médians par section" entries={SECTIONS_LEGEND} />
      {data && <Text size="xs">{countOf(data.sections.length, 'section')} sur la carte</Text>}
      {data && <UnoutlinedNote sections={data.sections} />}
    </Card>
  );
}

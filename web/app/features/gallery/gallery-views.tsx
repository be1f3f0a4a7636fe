/**
 * The living style guide, second half: the map and chart wrappers, and the empty and error
 * states every data page shows. Sample values, marked as such on the page.
 */
import { formatInteger } from '@immoloupe/shared/format';
import { Alert, Stack, Text } from '@mantine/core';
import { ImportHint } from '~/components/import-hint';
import { Chart } from '~/features/charts/chart';
import { PALETTE } from '~/features/charts/options';
import { BASEMAP_OUTLINES } from '~/features/map/basemap';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';

const SAMPLE_CHART = {
  color: PALETTE,
  grid: { left: 64, right: 16, top: 24, bottom: 32 },
  xAxis: { type: 'category', data: ['T1', 'T2', 'T3', 'T4'] },
  yAxis: { type: 'value', name: '€/m²', axisLabel: { formatter: (v: number) => formatInteger(v) } },
  series: [{ type: 'bar', name: 'Exemple', data: [3100, 3250, 3180, 3320] }],
};

/** The base alone: its outlines, as the offline base draws them. */
const BASEMAP_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'area', color: 'transparent', outline: BASEMAP_OUTLINES.commune }, label: 'Limite de commune (vue de loin)' },
  { swatch: { kind: 'area', color: 'transparent', outline: BASEMAP_OUTLINES.section }, label: 'Section cadastrale' },
  { swatch: { kind: 'area', color: 'transparent', outline: BASEMAP_OUTLINES.parcelle }, label: 'Parcelle (vue de près)' },
];

export function MapDemo() {
  return (
    <>
      <MapView center={[2.4833, 48.9022]} zoom={13} height={320} label="Carte d’exemple" onReady={() => undefined} />
      <MapLegend label="Légende de la carte d’exemple" entries={BASEMAP_LEGEND} />
    </>
  );
}

export function ChartDemo() {
  return <Chart option={SAMPLE_CHART} height={260} label="Graphique d’exemple (valeurs fictives)" />;
}

export function StatesDemo() {
  return (
    <Stack gap="sm">
      <Alert color="blue" title="Aucune donnée pour cette commune">
        <Text size="sm">
          Une page sans données le dit, puis explique comment les obtenir, selon le lecteur (abonné ou administrateur).{' '}
          <ImportHint source="dvf" departement="93" />
        </Text>
      </Alert>
      <Alert color="red" title="Le chargement a échoué">
        Le serveur est injoignable. Vérifiez votre connexion et réessayez.
      </Alert>
    </Stack>
  );
}

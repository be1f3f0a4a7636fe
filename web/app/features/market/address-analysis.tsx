/**
 * The address analysis (/pro/analyseadresse): an address (autocomplete) or a click on the map →
 * its parcel, the sales on it and around, the €/m² statistics of the commune and of the radius by
 * type, the 5-year monthly trend, the DPE and copropriétés, and the data freshness. The address
 * lives in the URL, so a link reproduces the page.
 *
 * The state lives in `use-address-analysis.ts`; this file only lays the pieces out.
 */
import { ADDRESS_RADII } from '@immoloupe/shared/market/address-contracts';
import { Alert, Button, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { Busy } from '~/components/busy';
import { Select } from '~/components/select';
import { MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { salesLegendEntries } from '~/features/map/sales-legend';
import { AddressAnalysisResults } from './address-analysis-results';
import { AddressSearch } from './address-search';
import { distanceLabel } from './labels';
import { useAddressAnalysis } from './use-address-analysis';

export function AddressAnalysisTool() {
  const a = useAddressAnalysis();

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <AddressSearch value={a.label} onPick={a.pick} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Rayon des ventes voisines"
              value={a.radius}
              onChange={(v) => v && a.setRadius(v)}
              data={ADDRESS_RADII.map((r) => ({ value: String(r), label: distanceLabel(r) }))}
              allowDeselect={false}
            />
          </Grid.Col>
        </Grid>
        <Text size="sm" c="dimmed" mt="xs">
          Ou cliquez sur la carte pour analyser un point.
        </Text>
      </Card>

      {a.error && (
        <Alert color="red" role="alert">
          {a.error}
        </Alert>
      )}

      <div>
        <MapView
          label="Carte de l’adresse, de sa parcelle et des ventes voisines"
          {...(a.lat && a.lon ? { center: [Number(a.lon), Number(a.lat)] as [number, number], zoom: 16 } : {})}
          height={420}
          onReady={a.onMapReady}
        />
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <MapLegend
            label="Légende de la carte de l’adresse"
            entries={salesLegendEntries({
              subject: 'Adresse analysée',
              parcel: 'Parcelle cadastrale',
              radius: a.data ? distanceLabel(a.data.radius) : null,
            })}
          />
          {a.data && (
            <Button variant="subtle" size="compact-sm" mt="xs" onClick={a.focusParcel}>
              {a.data.parcel ? 'Zoomer sur la parcelle' : 'Zoomer sur l’adresse'}
            </Button>
          )}
        </Group>
      </div>

      {a.loading && <Busy label="Analyse en cours" />}

      {a.data && (
        <AddressAnalysisResults data={a.data} trend={a.trend} lat={a.lat} lon={a.lon} label={a.label} placedByBan={a.placedByBan} />
      )}
    </Stack>
  );
}

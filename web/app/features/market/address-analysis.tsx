/**
 * The address analysis (/pro/analyseadresse): an address (autocomplete) or a click on the map →
 * its parcel, the sales on it and around, the €/m² statistics of the commune and of the radius by
 * type, the 5-year monthly trend, the DPE and copropriétés, and the data freshness. The address
 * lives in the URL, so a link reproduces the page.
 */
import { formatDate, formatInteger, formatSurface, NBSP } from '@immoloupe/shared/format';
import { ADDRESS_RADII, type AddressAnalysis, addressAnalysisSchema } from '@immoloupe/shared/market/address-contracts';
import { PROPERTY_TYPES } from '@immoloupe/shared/market/dvf';
import { UI_LABELS } from '@immoloupe/shared/ui-labels';
import { Alert, Badge, Card, Grid, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Select } from '~/components/select';
import { Chart } from '~/features/charts/chart';
import { monthlyTrendOption } from '~/features/charts/options';
import {
  boundsOf,
  PARCELS_SOURCE,
  parcelLayers,
  SALES_SOURCE,
  SUBJECT_SOURCE,
  salesLayers,
  salesSource,
  subjectLayers,
} from '~/features/map/layers';
import { MapView } from '~/features/map/map-view';
import { SaveAddressButton } from '~/features/saved-addresses/save-address-button';
import { ApiError, apiFetch } from '~/lib/api';
import { AddressSearch, type PickedAddress } from './address-search';
import { distanceLabel, labelled, salesCount, TYPE_PLURALS } from './labels';
import { SalesTable } from './sales-table';
import { StatTable } from './stat-table';

type SetData = { setData?: (d: unknown) => void } | undefined;
type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

const reverseSchema = z.object({ results: z.array(z.object({ type: z.string(), label: z.string() })) });

function geo(a: AddressAnalysis | null) {
  const empty = { type: 'FeatureCollection' as const, features: [] as unknown[] };
  if (!a) return { sales: empty, parcel: empty, point: empty };
  return {
    sales: {
      type: 'FeatureCollection' as const,
      features: a.nearby.items
        .filter((t) => t.lon !== null && t.lat !== null)
        .map((t) => ({
          type: 'Feature',
          properties: { id: t.id, ppm2: t.pricePerM2 },
          geometry: { type: 'Point', coordinates: [t.lon, t.lat] },
        })),
    },
    parcel: {
      type: 'FeatureCollection' as const,
      features: a.parcel ? [{ type: 'Feature', properties: { id: a.parcel.id }, geometry: a.parcel.geometry }] : [],
    },
    point: {
      type: 'FeatureCollection' as const,
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [a.point.lon, a.point.lat] } }],
    },
  };
}

export function AddressAnalysisTool() {
  const [params, setParams] = useSearchParams();
  const lat = params.get('lat');
  const lon = params.get('lon');
  const label = params.get('adresse') ?? '';
  const radius = params.get('rayon') ?? '500';
  const parcelle = params.get('parcelle') ?? '';
  const [data, setData] = useState<AddressAnalysis | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const map = useRef<MapLibreMap | null>(null);

  useEffect(() => {
    if (!lat || !lon) return;
    let live = true;
    setLoading(true);
    setError(null);
    const q = new URLSearchParams({ lat, lon, radius, ...(parcelle ? { parcelle } : {}) });
    apiFetch(`/api/market/address?${q}`, addressAnalysisSchema)
      .then((a) => live && setData(a))
      .catch((err: unknown) => live && setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’analyse a échoué.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [lat, lon, radius, parcelle]);

  const layersData = useMemo(() => geo(data), [data]);
  const showOnMap = useCallback(
    (m: MapLibreMap) => {
      (m.getSource(SALES_SOURCE) as SetData)?.setData?.(layersData.sales);
      (m.getSource(PARCELS_SOURCE) as SetData)?.setData?.(layersData.parcel);
      (m.getSource(SUBJECT_SOURCE) as SetData)?.setData?.(layersData.point);
      if (data) {
        const b = boundsOf(
          [
            [data.point.lon, data.point.lat],
            ...data.nearby.items.filter((t) => t.lon !== null).map((t) => [t.lon, t.lat] as [number, number]),
          ],
          0.001,
        );
        if (b) m.fitBounds(b, { padding: 24, duration: 0, maxZoom: 17 });
      }
    },
    [layersData, data],
  );
  useEffect(() => {
    if (map.current) showOnMap(map.current);
  }, [showOnMap]);

  function pick(a: PickedAddress | null) {
    if (!a) return;
    setParams({
      adresse: a.label,
      lat: String(a.lat),
      lon: String(a.lon),
      rayon: radius,
      ...(a.idParcelle ? { parcelle: a.idParcelle } : {}),
    });
  }

  async function clickMap(lngLat: { lng: number; lat: number }) {
    let name = `Point ${lngLat.lat.toFixed(5)} / ${lngLat.lng.toFixed(5)}`;
    try {
      const r = await apiFetch(`/api/reverse?lat=${lngLat.lat}&lon=${lngLat.lng}`, reverseSchema);
      name = r.results.find((x) => x.type === 'adresse')?.label ?? name;
    } catch {
      // Without reverse geocoding the point is still analysed, named by its coordinates.
    }
    setParams({ adresse: name, lat: lngLat.lat.toFixed(6), lon: lngLat.lng.toFixed(6), rayon: radius });
  }

  const trend = useMemo(
    () => (data ? monthlyTrendOption(data.trend.map((t) => ({ name: TYPE_PLURALS[t.type], monthly: t.monthly }))) : null),
    [data],
  );

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <AddressSearch value={label} onPick={(a) => pick(a)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Rayon des ventes voisines"
              value={radius}
              onChange={(v) => v && setParams((p) => ({ ...Object.fromEntries(p), rayon: v }))}
              data={ADDRESS_RADII.map((r) => ({ value: String(r), label: distanceLabel(r) }))}
              allowDeselect={false}
            />
          </Grid.Col>
        </Grid>
        <Text size="sm" c="dimmed" mt="xs">
          Ou cliquez sur la carte pour analyser un point.
        </Text>
      </Card>

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}

      <MapView
        label="Carte de l’adresse, de sa parcelle et des ventes voisines"
        center={lat && lon ? [Number(lon), Number(lat)] : [2.35, 46.6]}
        zoom={lat && lon ? 16 : 5}
        height={420}
        onReady={(m) => {
          map.current = m;
          m.addSource(PARCELS_SOURCE, { type: 'geojson', data: layersData.parcel as never });
          for (const l of parcelLayers()) m.addLayer(l as AnyLayer);
          m.addSource(SALES_SOURCE, salesSource(layersData.sales as never));
          for (const l of salesLayers()) m.addLayer(l as AnyLayer);
          m.addSource(SUBJECT_SOURCE, { type: 'geojson', data: layersData.point as never });
          for (const l of subjectLayers()) m.addLayer(l as AnyLayer);
          m.on('click', (e) => {
            const hit = m.queryRenderedFeatures(e.point, { layers: ['ventes-groupes'] })[0];
            if (hit) {
              m.easeTo({ center: e.lngLat, zoom: m.getZoom() + 2 });
              return;
            }
            void clickMap(e.lngLat);
          });
          showOnMap(m);
        }}
      />

      {loading && <Loader aria-label="Analyse en cours" />}

      {data && (
        <Stack gap="lg" data-testid="address-analysis">
          <Card withBorder radius="md" padding="lg" component="section" aria-label="Parcelle">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={2} fz="h4">
                  {data.parcel ? `Parcelle ${data.parcel.section} ${data.parcel.numero}` : 'Parcelle non trouvée'}
                </Title>
                {data.parcel ? (
                  <>
                    <Text>{labelled('Identifiant', data.parcel.id)}</Text>
                    <Text>
                      {labelled('Commune', `${data.parcel.commune} (${data.parcel.insee})`)} · {labelled('section', data.parcel.section)}
                    </Text>
                    <Text>
                      {labelled('Contenance', data.parcel.contenance === null ? 'inconnue' : formatSurface(data.parcel.contenance))}
                    </Text>
                  </>
                ) : (
                  <Text c="dimmed">Aucune parcelle du cadastre importé ne contient ce point. {UI_LABELS.importHint}</Text>
                )}
              </Stack>
              <SaveAddressButton
                key={`${lat}/${lon}`}
                address={
                  lat && lon
                    ? { label, lon: Number(lon), lat: Number(lat), insee: data.commune?.insee ?? null, idParcelle: data.parcel?.id ?? null }
                    : null
                }
              />
            </Group>
            <Text size="sm" c="dimmed" mt="sm">
              {data.freshness.lastMutationDate
                ? `Données DVF à jour au ${formatDate(data.freshness.lastMutationDate)}`
                : 'Pas de données DVF pour cette commune'}
              {data.freshness.sources.map((s) => ` · ${s.label}${s.importedAt ? ` importé le ${formatDate(s.importedAt)}` : ''}`).join('')}.
              Les derniers mois sont publiés avec retard.
            </Text>
          </Card>

          <Card withBorder radius="md" padding="lg" component="section" aria-label="Ventes de la parcelle">
            <Title order={2} fz="h4" mb="sm">
              Ventes de la parcelle ({data.parcelSales.length})
            </Title>
            {data.parcelSales.length ? (
              <SalesTable rows={data.parcelSales} />
            ) : (
              <Text c="dimmed">Aucune vente DVF sur cette parcelle.</Text>
            )}
          </Card>

          <Card withBorder radius="md" padding="lg" component="section" aria-label="Prix au mètre carré">
            <Title order={2} fz="h4" mb="xs">
              Prix au m² du {formatDate(data.period.from)} au {formatDate(data.period.to)}
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <StatTable
                  caption={data.commune ? `${data.commune.nom}, ventes simples` : 'Commune'}
                  rows={PROPERTY_TYPES.map((t) => ({
                    label: TYPE_PLURALS[t],
                    ...(data.communeStats.find((s) => s.type === t) ?? { count: 0, median: null, mean: null, q1: null, q3: null }),
                  }))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <StatTable
                  caption={`Dans un rayon de ${distanceLabel(data.radius)}`}
                  rows={PROPERTY_TYPES.map((t) => ({
                    label: TYPE_PLURALS[t],
                    ...(data.radiusStats.find((s) => s.type === t) ?? { count: 0, median: null, mean: null, q1: null, q3: null }),
                  }))}
                />
              </Grid.Col>
            </Grid>
            {trend && (
              <Chart option={trend} label={`Évolution mensuelle du prix médian au m² à ${data.commune?.nom ?? 'la commune'} sur 5 ans`} />
            )}
          </Card>

          <Card withBorder radius="md" padding="lg" component="section" aria-label="Ventes autour">
            <Title order={2} fz="h4" mb="sm">
              Ventes à moins de {distanceLabel(data.radius)} depuis le {formatDate(data.trendPeriod.from)} ({salesCount(data.nearby.total)}
              {data.nearby.total > data.nearby.items.length ? `, les ${formatInteger(data.nearby.items.length)} plus récentes` : ''})
            </Title>
            <SalesTable rows={data.nearby.items} />
          </Card>

          <Grid>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Card withBorder radius="md" padding="lg" component="section" aria-label="Diagnostics de performance énergétique">
                <Title order={2} fz="h4" mb="sm">
                  DPE à proximité ({data.dpe.length})
                </Title>
                {data.dpe.length === 0 ? (
                  <Text c="dimmed">
                    Aucun DPE importé à moins de 150{NBSP}m. {UI_LABELS.importHint}
                  </Text>
                ) : (
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Adresse</Table.Th>
                        <Table.Th>Classes</Table.Th>
                        <Table.Th ta="right">Surface</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.dpe.map((d) => (
                        <Table.Tr key={d.numero}>
                          <Table.Td>{formatDate(d.date)}</Table.Td>
                          <Table.Td>{d.adresse ?? '—'}</Table.Td>
                          <Table.Td>
                            <Badge size="sm">{d.etiquetteDpe ?? '?'}</Badge>{' '}
                            <Badge size="sm" color="gray">
                              {d.etiquetteGes ?? '?'}
                            </Badge>
                          </Table.Td>
                          <Table.Td ta="right">{d.surface === null ? '—' : formatSurface(d.surface)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Card withBorder radius="md" padding="lg" component="section" aria-label="Copropriétés">
                <Title order={2} fz="h4" mb="sm">
                  Copropriétés ({data.copros.length})
                </Title>
                {data.copros.length === 0 ? (
                  <Text c="dimmed">
                    Aucune copropriété immatriculée importée sur la parcelle ou à moins de 150{NBSP}m. {UI_LABELS.importHint}
                  </Text>
                ) : (
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Copropriété</Table.Th>
                        <Table.Th ta="right">Lots</Table.Th>
                        <Table.Th>Syndic</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.copros.map((c) => (
                        <Table.Tr key={c.numero}>
                          <Table.Td>
                            {c.nom ?? c.adresse ?? c.numero} {c.onParcel && <Badge size="xs">sur la parcelle</Badge>}
                          </Table.Td>
                          <Table.Td ta="right">{c.lots ?? '—'}</Table.Td>
                          <Table.Td>{c.syndic ?? 'non communiqué'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}

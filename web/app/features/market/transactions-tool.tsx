/**
 * The transactions tool (/pro/transactions): DVF sales on a clustered map and in a sortable,
 * paginated table side by side; filters on place (commune, parcel, address + radius, the map view
 * or a drawn area), period, nature, type, surface, rooms, price and €/m²; the whole mutation of a
 * selected sale; CSV export. Every filter and the map view live in the URL.
 */
import { formatDate, formatEuros, formatSurface, NBSP } from '@immoloupe/shared/format';
import { NATURE_LABELS, NATURES } from '@immoloupe/shared/market/dvf';
import {
  type MutationDetail,
  mutationDetailSchema,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  type TransactionList,
  transactionListSchema,
} from '@immoloupe/shared/market/transactions-contracts';
import { UI_LABELS } from '@immoloupe/shared/ui-labels';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Drawer,
  Grid,
  Group,
  Loader,
  NumberInput,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { GeoJSONSource, Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DateField } from '~/components/date-field';
import { Select } from '~/components/select';
import {
  PARCELS_SOURCE,
  parcelLayers,
  SALES_SOURCE,
  SALES_TILE_LAYER,
  salesLayers,
  salesTileSource,
  salesTileUrl,
} from '~/features/map/layers';
import { MapView } from '~/features/map/map-view';
import { useZoneDefault } from '~/features/zone/use-zone-default';
import { ApiError, apiFetch } from '~/lib/api';
import { AddressSearch } from './address-search';
import { distanceLabel, labelled, salesCount } from './labels';
import { SalesTable } from './sales-table';
import { useCommuneSearch } from './use-commune-search';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];
type Place = 'mazone' | 'commune' | 'parcelle' | 'rayon' | 'vue' | 'dessin';

/** Filter parameters shared by the page's URL and the API (same names). */
const FILTER_KEYS = [
  'insee',
  'parcelle',
  'lat',
  'lon',
  'radius',
  'bbox',
  'polygon',
  'zone',
  'from',
  'to',
  'natures',
  'types',
  'surfaceMin',
  'surfaceMax',
  'roomsMin',
  'roomsMax',
  'priceMin',
  'priceMax',
  'ppm2Min',
  'ppm2Max',
] as const;

export function filterQuery(params: URLSearchParams, extra: Record<string, string> = {}): string | null {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) q.set(k, v);
  }
  if (
    !q.get('insee') &&
    !q.get('parcelle') &&
    !q.get('bbox') &&
    !q.get('polygon') &&
    !q.get('zone') &&
    !(q.get('lat') && q.get('lon') && q.get('radius'))
  )
    return null;
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

const SORTS = [
  { key: 'date', label: 'Date' },
  { key: 'prix', label: 'Prix' },
  { key: 'surface', label: 'Surface' },
  { key: 'prix_m2', label: 'Prix au m²' },
] as const;

/** Carrez surfaces are published to the hundredth of m²: shown as published. */
const carrez = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

function MutationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [detail, setDetail] = useState<MutationDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDetail(null);
    setError(null);
    if (!id) return;
    apiFetch(`/api/transactions/${encodeURIComponent(id)}`, mutationDetailSchema)
      .then(setDetail)
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'La vente n’a pas pu être chargée.'));
  }, [id]);
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title="Détail de la mutation">
      {error && <Alert color="red">{error}</Alert>}
      {!detail && !error && <Loader />}
      {detail && (
        <Stack gap="sm" data-testid="mutation-detail">
          <Title order={3} fz="h4">
            {detail.natureLabel} du {formatDate(detail.date)} — {detail.price === null ? 'prix non publié' : formatEuros(detail.price)}
          </Title>
          <Text>{labelled('Adresse', `${detail.address || 'non publiée'}, ${detail.codePostal ?? ''} ${detail.commune}`)}</Text>
          <Text size="sm">{detail.statistics}</Text>
          <Title order={4} fz="h5">
            Lignes de la mutation ({detail.lines.length})
          </Title>
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parcelle</Table.Th>
                  <Table.Th>Local ou culture</Table.Th>
                  <Table.Th ta="right">Surface bâtie</Table.Th>
                  <Table.Th ta="right">Pièces</Table.Th>
                  <Table.Th ta="right">Terrain</Table.Th>
                  <Table.Th>Lots (Carrez)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.lines.map((l) => (
                  <Table.Tr key={l.lineNo}>
                    <Table.Td>
                      {l.idParcelle ? `${l.idParcelle.slice(8, 10).replace(/^0/, '')} ${l.idParcelle.slice(10).replace(/^0+/, '')}` : '—'}
                    </Table.Td>
                    <Table.Td>{l.typeLocal ?? l.natureCulture ?? '—'}</Table.Td>
                    <Table.Td ta="right">{l.surface ? formatSurface(l.surface) : '—'}</Table.Td>
                    <Table.Td ta="right">{l.rooms ?? '—'}</Table.Td>
                    <Table.Td ta="right">{l.landSurface ? formatSurface(l.landSurface) : '—'}</Table.Td>
                    <Table.Td>
                      {l.lots.length === 0
                        ? '—'
                        : l.lots
                            .map((lot) => `n° ${lot.numero}${lot.surfaceCarrez ? ` (${carrez.format(lot.surfaceCarrez)}${NBSP}m²)` : ''}`)
                            .join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={4} fz="h5">
            Parcelles liées
          </Title>
          {detail.parcels.map((p) => (
            <Text key={p.id}>
              Section {p.section} n° {p.numero} ({p.id}){p.contenance ? ` — ${formatSurface(p.contenance)}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

/** The sales of the filter on the map, as vector tiles of our API: added once, then only their URL changes. */
function showSales(m: MapLibreMap, query: string) {
  const source = m.getSource(SALES_SOURCE) as VectorTileSource | undefined;
  if (source) {
    source.setTiles([salesTileUrl(window.location.origin, query)]);
    return;
  }
  m.addSource(SALES_SOURCE, salesTileSource(window.location.origin, query));
  for (const l of salesLayers(SALES_SOURCE, true, SALES_TILE_LAYER)) m.addLayer(l as AnyLayer);
}

export function TransactionsTool() {
  const [params, setParams] = useSearchParams();
  const place: Place =
    (params.get('lieu') as Place | null) ??
    (params.get('zone') === 'mine'
      ? 'mazone'
      : params.get('parcelle')
        ? 'parcelle'
        : params.get('lat')
          ? 'rayon'
          : params.get('polygon')
            ? 'dessin'
            : params.get('bbox')
              ? 'vue'
              : 'commune');
  const sort = params.get('sort') ?? 'date';
  const order = params.get('order') ?? 'desc';
  const page = Number(params.get('page') ?? '1');
  const query = filterQuery(params);
  const [list, setList] = useState<TransactionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [communeText, setCommuneText] = useState('');
  const communeHits = useCommuneSearch(communeText);
  const [drawing, setDrawing] = useState<[number, number][] | null>(null);
  const map = useRef<MapLibreMap | null>(null);
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;

  const update = useCallback(
    (patch: Record<string, string | null>, resetPage = true) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          if (resetPage && !('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // « Ma zone » by default once the user has one, when the link names no place.
  useZoneDefault(Boolean(filterQuery(params)) || params.has('lieu'), () => update({ lieu: 'mazone', zone: 'mine' }));

  // The list (one page) and the map points (every match, clustered) follow the filters.
  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError(null);
    if (map.current) showSales(map.current, query);
    apiFetch(`/api/transactions?${query}&sort=${sort}&order=${order}&page=${page}&pageSize=50`, transactionListSchema)
      .then((l) => {
        if (live) setList(l);
      })
      .catch(
        (err: unknown) => live && setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'La recherche a échoué.'),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, sort, order, page]);

  const loadParcels = useCallback(async (m: MapLibreMap) => {
    const source = m.getSource(PARCELS_SOURCE) as GeoJSONSource | undefined;
    if (!source) return;
    if (m.getZoom() < 16.5) {
      source.setData({ type: 'FeatureCollection', features: [] });
      return;
    }
    const b = m.getBounds();
    try {
      const fc = await apiFetch(
        `/api/transactions/parcelles?bbox=${b.getWest()},${b.getSouth()},${b.getEast()},${b.getNorth()}`,
        z.unknown(),
      );
      source.setData(fc as never);
    } catch {
      // Too wide or not loaded: the sales stay on the map without outlines.
    }
  }, []);

  const onMoveEnd = useCallback(
    (m: MapLibreMap) => {
      const c = m.getCenter();
      const patch: Record<string, string> = { carte: `${c.lng.toFixed(5)},${c.lat.toFixed(5)},${m.getZoom().toFixed(2)}` };
      if (place === 'vue') {
        const b = m.getBounds();
        patch.bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v) => v.toFixed(5)).join(',');
      }
      update(patch, place === 'vue');
      void loadParcels(m);
    },
    [place, update, loadParcels],
  );

  // Only the first view: later moves write the URL, they do not re-create the map.
  const [initialView] = useState(() => {
    const [lon, lat, zoom] = (params.get('carte') ?? '').split(',').map(Number);
    return lon !== undefined && lat !== undefined && zoom !== undefined && !Number.isNaN(lon + lat + zoom)
      ? { center: [lon, lat] as [number, number], zoom }
      : { center: [2.35, 46.6] as [number, number], zoom: 5 };
  });

  const csv = query ? `/api/transactions.csv?${query}&sort=${sort}&order=${order}` : null;
  const numberFilter = (key: string, label: string) => (
    <NumberInput
      label={label}
      value={params.get(key) ?? ''}
      onChange={(v) => update({ [key]: v === '' ? null : String(v) })}
      min={0}
      hideControls
      thousandSeparator={NBSP}
      decimalSeparator=","
    />
  );
  const listParam = (key: 'types' | 'natures') => (params.get(key) ?? '').split(',').filter(Boolean);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Lieu"
            value={place}
            onChange={(v) => {
              setDrawing(v === 'dessin' ? [] : null);
              update({
                lieu: v,
                insee: null,
                parcelle: null,
                lat: null,
                lon: null,
                radius: null,
                adresse: null,
                bbox: null,
                polygon: null,
                zone: v === 'mazone' ? 'mine' : null,
              });
              if (v === 'vue' && map.current) onMoveEnd(map.current);
            }}
            data={[
              { value: 'mazone', label: 'Ma zone' },
              { value: 'commune', label: 'Commune' },
              { value: 'parcelle', label: 'Parcelle' },
              { value: 'rayon', label: 'Adresse et rayon' },
              { value: 'vue', label: 'Vue de la carte' },
              { value: 'dessin', label: 'Zone dessinée' },
            ]}
          />
          {place === 'mazone' && (
            <Text size="sm">
              Les ventes de votre zone (
              <Anchor component={Link} to="/pro/mazone">
                modifier ma zone
              </Anchor>
              ).
            </Text>
          )}
          {place === 'commune' && (
            <Select
              label="Commune"
              searchable
              searchValue={communeText}
              onSearchChange={setCommuneText}
              data={[
                ...communeHits.map((c) => ({ value: c.insee, label: `${c.nom} (${c.insee})` })),
                ...(params.get('insee') && !communeHits.some((c) => c.insee === params.get('insee'))
                  ? [{ value: params.get('insee') as string, label: params.get('insee') as string }]
                  : []),
              ]}
              value={params.get('insee')}
              onChange={(v) => update({ insee: v })}
              filter={({ options }) => options}
              nothingFoundMessage="Aucune commune"
              placeholder="Nom, code postal ou INSEE"
            />
          )}
          {place === 'parcelle' && (
            <TextInput
              label="Parcelle"
              description="Identifiant à 14 caractères, ex. 93010000AS0167"
              defaultValue={params.get('parcelle') ?? ''}
              onBlur={(e) => update({ parcelle: e.currentTarget.value.trim().toUpperCase() })}
              onKeyDown={(e) => e.key === 'Enter' && update({ parcelle: e.currentTarget.value.trim().toUpperCase() })}
            />
          )}
          {place === 'rayon' && (
            <Grid align="flex-end">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <AddressSearch
                  value={params.get('adresse') ?? ''}
                  onPick={(a) =>
                    a && update({ adresse: a.label, lat: String(a.lat), lon: String(a.lon), radius: params.get('radius') ?? '500' })
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Rayon"
                  value={params.get('radius') ?? '500'}
                  onChange={(v) => v && update({ radius: v })}
                  data={['100', '200', '300', '500', '1000', '2000'].map((r) => ({ value: r, label: distanceLabel(Number(r)) }))}
                  allowDeselect={false}
                />
              </Grid.Col>
            </Grid>
          )}
          {place === 'dessin' && (
            <Group>
              <Text size="sm">
                {drawing === null
                  ? 'Zone appliquée.'
                  : `Cliquez sur la carte pour poser les sommets (${drawing.length} posé${drawing.length > 1 ? 's' : ''}), puis validez.`}
              </Text>
              <Button
                size="xs"
                disabled={!drawing || drawing.length < 3}
                onClick={() => {
                  if (!drawing) return;
                  update({ polygon: drawing.map(([x, y]) => `${x.toFixed(6)} ${y.toFixed(6)}`).join(',') });
                  setDrawing(null);
                }}
              >
                Valider la zone
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setDrawing([])}>
                Redessiner
              </Button>
            </Group>
          )}
          <Grid>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <DateField label="Du" clearable value={params.get('from')} onChange={(iso) => update({ from: iso ?? '' })} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <DateField label="Au" clearable value={params.get('to')} onChange={(iso) => update({ to: iso ?? '' })} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('surfaceMin', 'Surface min (m²)')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('surfaceMax', 'Surface max (m²)')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('roomsMin', 'Pièces min')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('roomsMax', 'Pièces max')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('priceMin', 'Prix min (€)')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('priceMax', 'Prix max (€)')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('ppm2Min', '€/m² min')}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>{numberFilter('ppm2Max', '€/m² max')}</Grid.Col>
          </Grid>
          <Group gap="lg" align="flex-start">
            <Checkbox.Group label="Types" value={listParam('types')} onChange={(v) => update({ types: v.join(',') })}>
              <Group gap="sm" mt={4}>
                {TRANSACTION_TYPES.map((t) => (
                  <Checkbox key={t} value={t} label={TRANSACTION_TYPE_LABELS[t]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Checkbox.Group label="Natures" value={listParam('natures')} onChange={(v) => update({ natures: v.join(',') })}>
              <Group gap="sm" mt={4}>
                {NATURES.map((n) => (
                  <Checkbox key={n} value={n} label={NATURE_LABELS[n]} />
                ))}
              </Group>
            </Checkbox.Group>
          </Group>
        </Stack>
      </Card>

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}

      <Grid>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <MapView
            label="Carte des ventes"
            center={initialView.center}
            zoom={initialView.zoom}
            height={620}
            onMoveEnd={onMoveEnd}
            onReady={(m) => {
              map.current = m;
              m.addSource(PARCELS_SOURCE, {
                type: 'geojson',
                data: { type: 'FeatureCollection', features: [] },
                attribution: 'Parcelles\u00a0: cadastre Etalab',
              });
              for (const l of parcelLayers()) m.addLayer(l as AnyLayer);
              if (query) showSales(m, query);
              m.on('click', 'ventes-points', (e) => {
                const id = e.features?.[0]?.properties?.id;
                if (typeof id === 'string') setSelected(id);
              });
              m.on('click', 'ventes-groupes', (e) => m.easeTo({ center: e.lngLat, zoom: Math.min(m.getZoom() + 2, 16) }));
              m.on('click', (e) => {
                const d = drawingRef.current;
                if (d) setDrawing([...d, [e.lngLat.lng, e.lngLat.lat]]);
              });
              void loadParcels(m);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          {!query ? (
            <Text c="dimmed">Choisissez un lieu pour afficher les ventes.</Text>
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600} data-testid="transactions-total">
                  {list ? salesCount(list.total) : '…'}
                  {loading && <Loader size="xs" ml="xs" />}
                </Text>
                <Group gap="xs">
                  <Text size="sm">Trier par{NBSP}:</Text>
                  {SORTS.map((s) => (
                    <UnstyledButton
                      key={s.key}
                      onClick={() => update({ sort: s.key, order: sort === s.key && order === 'desc' ? 'asc' : 'desc' })}
                    >
                      <Badge variant={sort === s.key ? 'filled' : 'light'}>
                        {s.label} {sort === s.key ? (order === 'desc' ? '↓' : '↑') : ''}
                      </Badge>
                    </UnstyledButton>
                  ))}
                  {csv && (
                    <Anchor href={csv} download size="sm">
                      Export CSV
                    </Anchor>
                  )}
                </Group>
              </Group>
              {list && list.total === 0 ? (
                <Text c="dimmed" data-testid="transactions-empty">
                  Aucune vente DVF pour ce lieu avec ces filtres{NBSP}: élargissez la période, les types ou les surfaces. Si le lieu n’a
                  aucune vente du tout, ses DVF ne sont pas encore importées. {UI_LABELS.importHint}
                </Text>
              ) : (
                list && <SalesTable rows={list.items} onSelect={(t) => setSelected(t.id)} />
              )}
              {list && list.total > list.pageSize && (
                <Pagination
                  total={Math.ceil(list.total / list.pageSize)}
                  value={page}
                  onChange={(p) => update({ page: String(p) }, false)}
                  size="sm"
                />
              )}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <MutationDrawer id={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

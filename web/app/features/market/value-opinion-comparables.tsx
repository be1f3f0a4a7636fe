/** The value opinion's comparables: on a map around the subject, and as a table with one action per sale. */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatSurface } from '@immoloupe/shared/format';
import type { ComparableDto, EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { Badge, Button, Table } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { analysedPointLayers, boundsOf, PLACED_BY_BAN, SALES_SOURCE, SUBJECT_SOURCE, salesLayers } from '~/features/map/layers';
import { MapView } from '~/features/map/map-view';
import { distanceLabel } from './labels';

export function ComparablesMap({ result }: { result: EstimateResponse }) {
  const map = useRef<MapLibreMap | null>(null);
  const data = useMemo(
    () => ({
      subject: {
        type: 'FeatureCollection' as const,
        features: [
          {
            type: 'Feature' as const,
            properties: { [PLACED_BY_BAN]: result.subject.placedByBan },
            geometry: { type: 'Point' as const, coordinates: [result.subject.lon, result.subject.lat] },
          },
        ],
      },
      sales: {
        type: 'FeatureCollection' as const,
        features: result.comparables.map((c) => ({
          type: 'Feature' as const,
          properties: { id: c.id, ppm2: c.pricePerM2 },
          geometry: { type: 'Point' as const, coordinates: [c.lon, c.lat] },
        })),
      },
    }),
    [result],
  );
  const fit = useCallback(
    (m: MapLibreMap) => {
      const b = boundsOf([[result.subject.lon, result.subject.lat], ...result.comparables.map((c) => [c.lon, c.lat] as [number, number])]);
      if (b) m.fitBounds(b, { padding: 32, duration: 0, maxZoom: 17 });
    },
    [result],
  );
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    (m.getSource(SALES_SOURCE) as { setData?: (d: unknown) => void } | undefined)?.setData?.(data.sales);
    (m.getSource(SUBJECT_SOURCE) as { setData?: (d: unknown) => void } | undefined)?.setData?.(data.subject);
    fit(m);
  }, [data, fit]);
  return (
    <MapView
      label="Carte du bien et des comparables"
      center={[result.subject.lon, result.subject.lat]}
      zoom={15}
      height={320}
      onReady={(m) => {
        map.current = m;
        m.addSource(SALES_SOURCE, { type: 'geojson', data: data.sales });
        for (const layer of salesLayers(SALES_SOURCE)) m.addLayer(layer as Parameters<MapLibreMap['addLayer']>[0]);
        m.addSource(SUBJECT_SOURCE, { type: 'geojson', data: data.subject });
        for (const layer of analysedPointLayers()) m.addLayer(layer as Parameters<MapLibreMap['addLayer']>[0]);
        fit(m);
      }}
    />
  );
}

export function ComparablesTable({
  rows,
  action,
}: {
  rows: ComparableDto[];
  /** The row's button (remove, add); none for sales only shown, as the subject's earlier ones. */
  action?: (c: ComparableDto) => { label: string; run: () => void };
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Adresse</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Prix</Table.Th>
            <Table.Th ta="right">Surface</Table.Th>
            <Table.Th ta="right">Pièces</Table.Th>
            <Table.Th ta="right">Prix au m²</Table.Th>
            <Table.Th ta="right">Distance</Table.Th>
            {action && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const a = action?.(c);
            return (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.address || 'Adresse non publiée'}, {c.commune} {c.added && <Badge size="xs">ajouté</Badge>}
                </Table.Td>
                <Table.Td>{formatDate(c.date)}</Table.Td>
                <Table.Td ta="right">{formatEuros(c.price)}</Table.Td>
                <Table.Td ta="right">{formatSurface(c.surface)}</Table.Td>
                <Table.Td ta="right">{c.rooms ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatEurosPerSquareMetre(c.pricePerM2)}</Table.Td>
                <Table.Td ta="right">{distanceLabel(c.distanceM)}</Table.Td>
                {a && (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={a.run}
                      aria-label={`${a.label}\u00a0: ${c.address}, ${formatDate(c.date)}`}
                    >
                      {a.label}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

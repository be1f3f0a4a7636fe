/**
 * The 3D price map: each cadastral section extruded by its median €/m² over the period and
 * coloured by it, with pitch and rotation controls and a legend; `combined` adds the sales as
 * columns (height = price; those outside the plausibility bounds in grey, « hors bornes » in their
 * popup) and the DPE as coloured points, each layer switchable.
 */

import { communeLabels } from '@immoloupe/shared/commune-label';
import { countOf, formatInteger } from '@immoloupe/shared/format';
import type { Map3dResponse } from '@immoloupe/shared/map3d/contracts';
import { map3dPeriodNote } from '@immoloupe/shared/map3d/map3d.logic';
import { OUTLIER_LABEL } from '@immoloupe/shared/market/transactions-contracts';
import { Alert, Checkbox, Grid, Group, Slider, Stack, Text } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { Busy } from '~/components/busy';
import { GroupLabel } from '~/components/group-label';
import { ImportHint } from '~/components/import-hint';
import { Select } from '~/components/select';
import { MapView } from '~/features/map/map-view';
import { boundsOf, DPE_LAYER, dpeGeoJson, SALES_LAYER, salesGeoJson, sectionsLayer, stepsOf } from './layers3d';
import { Map3dLegend } from './map3d-legend';
import { addSalePopups } from './sale-popup';
import { useMap3d } from './use-map3d';

const LAYERS = [
  { id: 'sections-3d', label: 'Sections (prix médian au m²)' },
  { id: 'ventes-3d', label: 'Ventes (hauteur = prix)' },
  { id: 'dpe-3d', label: 'DPE (couleur = étiquette)' },
] as const;

type SourceWithData = { setData(d: unknown): void };

/** The communes of the field, named as the pickers name them, « Bondy (93140) », not by their INSEE code. */
function communeOptions(communes: Map3dResponse['communes']) {
  return communeLabels(communes.map((c) => ({ insee: c.code, nom: c.name, codesPostaux: c.codesPostaux }))).map((o) => ({
    value: o.commune.insee,
    label: o.label,
  }));
}

function applyData(map: MapLibreMap, data: Map3dResponse, combined: boolean) {
  const steps = stepsOf(data);
  (map.getSource('sections-3d') as unknown as SourceWithData | undefined)?.setData(data.sections);
  map.setPaintProperty('sections-3d', 'fill-extrusion-color', sectionsLayer(steps).paint['fill-extrusion-color'] as never);
  if (combined) {
    (map.getSource('ventes-3d') as unknown as SourceWithData | undefined)?.setData(salesGeoJson(data));
    (map.getSource('dpe-3d') as unknown as SourceWithData | undefined)?.setData(dpeGeoJson(data));
  }
  const b = boundsOf(data);
  if (b) map.fitBounds(b, { padding: 30, pitch: map.getPitch(), bearing: map.getBearing(), duration: 0 });
}

/**
 * What the 3D layers show once drawn, on the map's element (`data-sections-drawn`: sections raised
 * by a numeric median; `data-pitch`): MapLibre drops a layer it refuses without throwing, and the
 * browser tests cannot read the WebGL canvas's state otherwise.
 */
function reportDrawn(map: MapLibreMap) {
  const el = map.getContainer();
  const count = (id: string, raised: (p: Record<string, unknown>) => boolean) =>
    map.getLayer(id) ? map.queryRenderedFeatures({ layers: [id] }).filter((f) => raised(f.properties)).length : 0;
  el.dataset.sectionsDrawn = String(count('sections-3d', (p) => typeof p.median === 'number' && p.median > 0));
  el.dataset.salesDrawn = String(count('ventes-3d', (p) => typeof p.price === 'number' && p.price > 0));
  el.dataset.pitch = String(Math.round(map.getPitch()));
}

export function Map3dExplorer({ combined }: { combined: boolean }) {
  const [commune, setCommune] = useState<string | null>(null);
  const { data, error } = useMap3d(commune, combined);
  const [pitch, setPitch] = useState(55);
  const [bearing, setBearing] = useState(-20);
  const [visible, setVisible] = useState<Record<string, boolean>>({ 'sections-3d': true, 'ventes-3d': true, 'dpe-3d': true });
  const mapRef = useRef<MapLibreMap | null>(null);

  useEffect(() => {
    if (data && mapRef.current) applyData(mapRef.current, data, combined);
  }, [data, combined]);
  useEffect(() => {
    mapRef.current?.setPitch(pitch);
  }, [pitch]);
  useEffect(() => {
    mapRef.current?.setBearing(bearing);
  }, [bearing]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    for (const [id, on] of Object.entries(visible)) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', on ? 'visible' : 'none');
  }, [visible]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!data) return <Busy size="sm" />;
  if (data.communes.length === 0) {
    return (
      <Alert color="blue" title="Aucune donnée à afficher">
        La carte en relief a besoin du cadastre (contours des sections) et des ventes DVF d’une commune.{' '}
        <ImportHint source="cadastre-dvf" />
      </Alert>
    );
  }
  const b = boundsOf(data);
  const center: [number, number] = b ? [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] : [2.35, 48.85];
  const priced = data.sections.features.filter((f) => (f as { properties: { median: number | null } }).properties.median !== null).length;
  const outliers = data.sales.filter((s) => s.outlier).length;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap="md">
          <Select
            label="Commune"
            data={communeOptions(data.communes)}
            value={data.commune}
            onChange={(v) => v && setCommune(v)}
            allowDeselect={false}
          />
          <Text size="sm" data-testid="period-note">
            {map3dPeriodNote(data)} {countOf(priced, 'section')} sur {formatInteger(data.sections.features.length)}{' '}
            {priced >= 2 ? 'ont' : 'a'} au moins 3 ventes.
          </Text>
          <Stack gap={4}>
            <GroupLabel>Inclinaison</GroupLabel>
            <Slider min={0} max={60} value={pitch} onChange={setPitch} thumbLabel="Inclinaison" label={(v) => `${v}\u00a0°`} />
          </Stack>
          <Stack gap={4}>
            <GroupLabel>Rotation</GroupLabel>
            <Slider min={-180} max={180} value={bearing} onChange={setBearing} thumbLabel="Rotation" label={(v) => `${v}\u00a0°`} />
          </Stack>
          {combined ? (
            <Stack gap={4}>
              <GroupLabel>Couches</GroupLabel>
              {LAYERS.map((l) => (
                <Checkbox
                  key={l.id}
                  label={l.label}
                  checked={visible[l.id]}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setVisible((v) => ({ ...v, [l.id]: on }));
                  }}
                />
              ))}
              <Text size="xs" c="dimmed">
                {countOf(data.sales.length, 'vente')},{' '}
                {data.dpe.length === 0
                  ? 'aucun DPE importé sur cette commune (importez les DPE de l’ADEME depuis l’administration).'
                  : `${countOf(data.dpe.length, 'DPE géolocalisé', 'DPE géolocalisés')}.`}
              </Text>
              {outliers > 0 ? (
                <Text size="xs" c="dimmed" data-testid="outliers-note">
                  Dont {formatInteger(outliers)} {OUTLIER_LABEL} (en gris), écartée{outliers >= 2 ? 's' : ''} des prix médians des sections.
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <Map3dLegend steps={stepsOf(data)} withDpe={combined} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Group>
          <MapView
            center={center}
            zoom={13}
            height={620}
            label="Carte en relief des prix"
            onReady={(map, lib) => {
              map.addSource('sections-3d', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
              map.addLayer(sectionsLayer(stepsOf(data)) as never);
              if (combined) {
                map.addSource('ventes-3d', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
                map.addLayer(SALES_LAYER as never);
                map.addSource('dpe-3d', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
                map.addLayer(DPE_LAYER as never);
                addSalePopups(map, lib);
              }
              map.setPitch(pitch);
              map.setBearing(bearing);
              mapRef.current = map;
              map.on('idle', () => reportDrawn(map));
              applyData(map, data, combined);
            }}
          />
        </Group>
      </Grid.Col>
    </Grid>
  );
}

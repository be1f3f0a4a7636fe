/**
 * « Ma zone » (`/pro/mazone`): draw the territory on the map (one click per corner, then
 * « Terminer le tracé ») and/or pick communes by name, postcode or INSEE code (sent as INSEE codes);
 * saved per user, validated by the server (French message when refused). Below, the dashboard of
 * what changed since the last visit.
 */

import { countOf, formatDateTime, NBSP } from '@immoloupe/shared/format';
import type { Territory } from '@immoloupe/shared/zone/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { CommunesPicker } from '~/components/communes-picker';
import { BASEMAP_SOURCE } from '~/features/map/basemap';
import { MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { ApiError } from '~/lib/api';
import { MY_ZONE, useTerritory } from './use-territory';
import { DRAW_LAYERS, drawingFeatures, ringOf, ZONE_COMMUNES_LAYER, zoneCommunesFilter, zoneCommunesLayer } from './zone.logic';
import { deleteTerritory, fetchChanges, fetchCommunesExtent, markSeen, saveTerritory } from './zone-api';
import { ZoneDashboard } from './zone-dashboard';
import { MY_ZONE_LEGEND } from './zone-legend';

const SOURCE = 'ma-zone';
type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];
type Pt = [number, number];

function pointsOf(t: Territory | null): Pt[] {
  const g = t?.geometry;
  const ring = g?.type === 'Polygon' ? g.coordinates[0] : g?.type === 'MultiPolygon' ? g.coordinates[0]?.[0] : undefined;
  return ring ? (ring.slice(0, -1) as Pt[]) : [];
}

/** Frames the saved zone's outline (a zone of communes only has none to frame). */
function fitTerritory(m: MapLibreMap, t: Territory | null | undefined) {
  const pts = pointsOf(t ?? null);
  if (!pts.length) return;
  const lons = pts.map((p) => p[0]);
  const lats = pts.map((p) => p[1]);
  m.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], { padding: 40, duration: 0 });
}

const FRAME_COMMUNES = { padding: 40, maxZoom: 15, duration: 0 } as const;

export function MyZone() {
  const client = useQueryClient();
  const read = useTerritory();
  // Unreadable: the page offers to define one, as when there is none. Saving or deleting writes it here.
  const territory = read.isError ? null : read.data;
  const [points, setPoints] = useState<Pt[]>([]);
  const [drawing, setDrawing] = useState(false);
  const [communes, setCommunes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const changes = useQuery({
    queryKey: [...MY_ZONE, 'changes'],
    // What changed since the last visit, and this visit noted as seen (its failure changes nothing shown).
    queryFn: async () => {
      const c = await fetchChanges();
      await markSeen().catch(() => undefined);
      return c;
    },
    enabled: Boolean(territory),
  });
  // A zone of communes only: the map shows them (where their cadastre is loaded) as they are picked.
  const extent = useQuery({
    queryKey: ['tiles', 'extent', communes],
    queryFn: () => fetchCommunesExtent(communes),
    enabled: communes.length > 0,
  });
  const map = useRef<MapLibreMap | null>(null);
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const extentRef = useRef(extent.data);
  extentRef.current = extent.data;

  // The editor starts from the zone saved, once it is read.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || read.data === undefined) return;
    seeded.current = true;
    setPoints(pointsOf(read.data));
    setCommunes(read.data?.communes.map((c) => c.insee) ?? []);
    // The map may have loaded first; otherwise onReady frames it.
    if (map.current) fitTerritory(map.current, read.data);
  }, [read.data]);

  useEffect(() => {
    (map.current?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(drawingFeatures(points) as never);
  }, [points]);

  useEffect(() => {
    if (map.current?.getLayer(ZONE_COMMUNES_LAYER)) map.current.setFilter(ZONE_COMMUNES_LAYER, zoneCommunesFilter(communes) as never);
  }, [communes]);

  // A drawn outline is framed by itself; communes alone by their extent.
  useEffect(() => {
    if (map.current && extent.data && pointsRef.current.length === 0) map.current.fitBounds(extent.data, FRAME_COMMUNES);
  }, [extent.data]);

  async function save() {
    setError(null);
    setSaved(null);
    const geometry = ringOf(points);
    try {
      const t = await saveTerritory({ geometry, communes });
      setDrawing(false);
      setSaved('Ma zone est enregistrée. Les outils de recherche l’utilisent par défaut.');
      // The search tools read the new zone, and the dashboard its changes.
      client.setQueryData(MY_ZONE, t);
      await client.invalidateQueries({ queryKey: [...MY_ZONE, 'changes'] });
    } catch (e) {
      setError(e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'L’enregistrement a échoué.');
    }
  }

  async function remove() {
    await deleteTerritory().catch(() => undefined);
    setPoints([]);
    setCommunes([]);
    client.setQueryData(MY_ZONE, null);
    client.removeQueries({ queryKey: [...MY_ZONE, 'changes'] });
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md" role="region" aria-label="Définir ma zone">
        <Stack gap="sm">
          <Text size="sm">
            {territory
              ? `Zone enregistrée le ${formatDateTime(territory.updatedAt)}${territory.communes.length ? ` — communes${NBSP}: ${territory.communes.map((c) => c.nom).join(', ')}` : ''}.`
              : `Aucune zone enregistrée${NBSP}: dessinez-la sur la carte ou indiquez des communes.`}
          </Text>
          <Group align="flex-end" wrap="wrap">
            <Button
              variant={drawing ? 'filled' : 'default'}
              onClick={() => {
                setDrawing(!drawing);
                if (!drawing) setPoints([]);
              }}
            >
              {drawing ? 'Terminer le tracé' : 'Dessiner sur la carte'}
            </Button>
            <Button variant="default" onClick={() => setPoints([])} disabled={points.length === 0}>
              Effacer le tracé
            </Button>
          </Group>
          <Text size="sm" aria-live="polite">
            {drawing
              ? `Cliquez sur la carte pour placer les sommets (${countOf(points.length, 'placé')}, 3 au moins).`
              : points.length === 0
                ? 'Aucun tracé sur la carte.'
                : `${countOf(points.length, 'sommet tracé', 'sommets tracés')}.`}
          </Text>
          <CommunesPicker label="Communes de ma zone" value={communes} onChange={setCommunes} known={territory?.communes} />
          <Group>
            <Button onClick={save}>Enregistrer ma zone</Button>
            {territory ? (
              <Button variant="subtle" color="red" onClick={remove}>
                Supprimer ma zone
              </Button>
            ) : null}
          </Group>
          {error ? (
            <Alert color="red" title="Zone refusée">
              {error}
            </Alert>
          ) : null}
          {saved ? <Alert color="teal">{saved}</Alert> : null}
        </Stack>
      </Paper>
      <MapView
        label="Carte de ma zone"
        height={460}
        onReady={(m) => {
          map.current = m;
          if (m.getSource(BASEMAP_SOURCE)) m.addLayer(zoneCommunesLayer(BASEMAP_SOURCE, communes) as unknown as AnyLayer);
          m.addSource(SOURCE, { type: 'geojson', data: drawingFeatures(points) as never });
          for (const l of DRAW_LAYERS(SOURCE)) m.addLayer(l as unknown as AnyLayer);
          m.on('click', (e) => {
            if (drawingRef.current) setPoints((p) => [...p, [Math.round(e.lngLat.lng * 1e6) / 1e6, Math.round(e.lngLat.lat * 1e6) / 1e6]]);
          });
          fitTerritory(m, territory);
          if (extentRef.current && points.length === 0) m.fitBounds(extentRef.current, FRAME_COMMUNES);
        }}
      />
      <MapLegend label="Légende de la carte de ma zone" entries={MY_ZONE_LEGEND} />
      {changes.data && territory ? (
        <ZoneDashboard changes={changes.data} />
      ) : territory === null ? null : (
        <Title order={2}>Tableau de bord</Title>
      )}
    </Stack>
  );
}

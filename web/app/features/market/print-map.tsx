/**
 * A map on a printed report: drawn by MapLibre on our own base (never a configured outside style:
 * the PDF renderer fetches nothing from outside), then, once the map is idle (its tiles, sources
 * and labels drawn), replaced by a picture of its canvas, which prints as any image (a WebGL canvas
 * prints blank in Chromium). `data-chart` / `data-chart-ready` tell the PDF renderer (and the
 * print route's ready marker) to wait for it, as for the charts.
 */
import { NBSP } from '@immoloupe/shared/format';
import { Text } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { type MapLib, MapView } from '~/features/map/map-view';

/** How long a map may take to draw before the report prints without it (WebGL missing, tiles not answering). */
const DRAW_TIMEOUT_MS = 20_000;

export function PrintedMap({
  label,
  height,
  center,
  zoom,
  onReady,
}: {
  label: string;
  /** Height of the map on the page, in CSS pixels. */
  height: number;
  center: [number, number];
  zoom: number;
  /** Adds the report's sources and layers and frames the view; the picture is taken at the next idle. */
  onReady: (map: MapLibreMap, lib: MapLib) => void;
}) {
  const [picture, setPicture] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onReady);
  handler.current = onReady;

  useEffect(() => {
    if (picture) return;
    const timer = setTimeout(() => setFailed(true), DRAW_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [picture]);

  return (
    <div data-chart="map" data-chart-ready={picture || failed ? 'true' : undefined} style={{ breakInside: 'avoid' }}>
      {picture ? (
        <img src={picture} alt={label} style={{ display: 'block', width: '100%', height: 'auto', objectFit: 'contain', borderRadius: 8 }} />
      ) : failed ? (
        <Text size="sm">{`La carte n’a pas pu être dessinée (WebGL indisponible${NBSP}?)${NBSP}: les ventes restent listées dans le tableau.`}</Text>
      ) : (
        <MapView
          offline
          label={label}
          center={center}
          zoom={zoom}
          height={height}
          onReady={(map, lib) => {
            handler.current(map, lib);
            // Read within the frame that fired `idle`: the drawing buffer still holds it.
            map.once('idle', () => {
              try {
                setPicture(map.getCanvas().toDataURL('image/png'));
              } catch {
                setFailed(true);
              }
            });
          }}
        />
      )}
    </div>
  );
}

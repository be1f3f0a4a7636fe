/**
 * The printed market analysis' map: the median €/m² of each cadastral section of the zone, as on
 * /pro/analysemarche, with the same legend; drawn on our own base and printed as a picture.
 */
import type { MarketAnalysis } from '@immoloupe/shared/market/contracts';
import { Text } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { BASEMAP_SOURCE } from '~/features/map/basemap';
import { boundsOf, sectionChoroplethLayer } from '~/features/map/layers';
import { MapLegend } from '~/features/map/map-legend';
import { PRINTED_MAP_CREDITS } from './comparables-map';
import { SECTIONS_LEGEND, UnoutlinedNote } from './market-analysis-map';
import { PrintedMap } from './print-map';
import { addUnoutlinedSections, paintSections } from './section-choropleth';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

export function PrintedSectionsMap({ data }: { data: MarketAnalysis }) {
  const priced = data.sections.filter((s) => s.median !== null);
  const points = priced.map((s) => [s.lon, s.lat] as [number, number]);
  const bounds = boundsOf(points, 0.003);
  if (!bounds) return null;
  const center: [number, number] = [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2];
  const onReady = (m: MapLibreMap) => {
    const before = m.getLayer('fond-voies-noms') ? 'fond-voies-noms' : undefined;
    m.addLayer(sectionChoroplethLayer(BASEMAP_SOURCE) as unknown as AnyLayer, before);
    addUnoutlinedSections(m, before);
    paintSections(m, data.sections);
    m.fitBounds(bounds, { padding: 24, duration: 0, maxZoom: 15 });
  };
  return (
    <section aria-label="Carte des prix par section">
      <Text fw={600} mb="xs">
        Prix médian au m² par section cadastrale
      </Text>
      <PrintedMap label="Carte des prix médians par section" center={center} zoom={13} height={340} onReady={onReady} />
      <MapLegend label="Légende de la carte des prix médians par section" entries={SECTIONS_LEGEND} />
      <UnoutlinedNote sections={data.sections} />
      <p style={{ fontSize: 10, color: '#868e96', margin: '2px 0 0' }}>{PRINTED_MAP_CREDITS}</p>
    </section>
  );
}

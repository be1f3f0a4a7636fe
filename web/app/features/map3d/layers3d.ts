/** The MapLibre sources and layers of the 3D map, built from the API answer (pure, no map needed). */
import { formatDate, formatEuros, formatEurosPerSquareMetre } from '@immoloupe/shared/format';
import type { Map3dResponse } from '@immoloupe/shared/map3d/contracts';
import { colourExpression, columnPolygon, DPE_COLOURS, METRES_PER_EURO, priceSteps } from '@immoloupe/shared/map3d/map3d.logic';
import { OUTLIER_LABEL } from '@immoloupe/shared/market/transactions-contracts';
import { CADASTRE_CREDIT, credited, DPE_CREDIT, SALES_CREDIT } from '~/features/map/attributions';

/** Metres of column per euro of sale price: a 300 000 € sale stands 300 m tall. */
export const METRES_PER_SALE_EURO = 0.001;
/** A sale's column; grey when outside the plausibility bounds (left out of the medians). */
export const SALE_COLOUR = '#c2255c';
export const OUTLIER_SALE_COLOUR = '#adb5bd';

export function stepsOf(data: Map3dResponse): number[] {
  return priceSteps(data.sections.features.map((f) => (f as { properties: { median: number | null } }).properties.median ?? Number.NaN));
}

export function salesGeoJson(data: Map3dResponse) {
  return {
    type: 'FeatureCollection' as const,
    features: data.sales.map((s) => ({
      type: 'Feature' as const,
      geometry: { type: 'Polygon' as const, coordinates: columnPolygon(s.lon, s.lat) },
      properties: { price: s.price, pricePerM2: s.pricePerM2, date: s.date, outlier: s.outlier },
    })),
  };
}

/** The lines of a sale's popup on the combined map: its date, price and €/m², « hors bornes » when so. */
export function salePopupLines(p: Record<string, unknown>): string[] {
  const lines = [`Vente du ${formatDate(String(p.date))}`];
  const price = Number(p.price);
  const perM2 = Number(p.pricePerM2);
  lines.push(
    [Number.isFinite(price) ? formatEuros(price) : null, Number.isFinite(perM2) ? formatEurosPerSquareMetre(perM2) : null]
      .filter(Boolean)
      .join(', '),
  );
  // MapLibre may hand booleans back as text.
  if (p.outlier === true || p.outlier === 'true') lines.push(`${OUTLIER_LABEL}\u00a0: écartée des prix médians`);
  return lines;
}

export function dpeGeoJson(data: Map3dResponse) {
  return {
    type: 'FeatureCollection' as const,
    features: data.dpe.map((d) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [d.lon, d.lat] },
      properties: { label: d.label },
    })),
  };
}

/** The sections' outlines (cadastre) raised by the median of their sales (DVF). */
export function sectionsLayer(steps: number[]) {
  return credited(
    {
      id: 'sections-3d',
      type: 'fill-extrusion' as const,
      source: 'sections-3d',
      paint: {
        'fill-extrusion-color': colourExpression(steps),
        'fill-extrusion-height': ['*', ['coalesce', ['get', 'median'], 0], METRES_PER_EURO],
        'fill-extrusion-opacity': 0.85,
      },
    },
    CADASTRE_CREDIT,
    SALES_CREDIT,
  );
}

export const SALES_LAYER = credited(
  {
    id: 'ventes-3d',
    type: 'fill-extrusion' as const,
    source: 'ventes-3d',
    paint: {
      'fill-extrusion-color': ['case', ['==', ['get', 'outlier'], true], OUTLIER_SALE_COLOUR, SALE_COLOUR],
      'fill-extrusion-height': ['*', ['get', 'price'], METRES_PER_SALE_EURO],
      'fill-extrusion-opacity': 0.95,
    },
  },
  SALES_CREDIT,
);

export const DPE_LAYER = credited(
  {
    id: 'dpe-3d',
    type: 'circle' as const,
    source: 'dpe-3d',
    paint: {
      'circle-radius': 4,
      'circle-color': ['match', ['get', 'label'], ...Object.entries(DPE_COLOURS).flat(), '#868e96'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  },
  DPE_CREDIT,
);

/** West, south, east, north of every section, to frame the commune. */
export function boundsOf(data: Map3dResponse): [number, number, number, number] | null {
  let b: [number, number, number, number] | null = null;
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as [number, number];
      b = b ? [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)] : [x, y, x, y];
    } else if (Array.isArray(c)) c.forEach(visit);
  };
  for (const f of data.sections.features) visit((f as { geometry: { coordinates: unknown } }).geometry.coordinates);
  return b;
}

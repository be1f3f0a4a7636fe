/**
 * Pure rules of the 3D price map: the colour steps and the extrusion height of a section by its
 * median €/m², and the DPE colours. Paint expressions are built from these, tested alone.
 */

/** Colour ramp from low to high €/m² (sequential, readable on the light basemap). */
export const PRICE_COLOURS = ['#ffffcc', '#c7e9b4', '#7fcdbb', '#41b6c4', '#1d91c0', '#225ea8', '#0c2c84'] as const;

/** Metres of height per €/m²: 10 000 €/m² stands 1 000 m tall, enough to read at city scale. */
export const METRES_PER_EURO = 0.1;

/** Price thresholds of the colour steps: evenly spaced quantiles of the medians shown. */
export function priceSteps(medians: number[], steps = PRICE_COLOURS.length): number[] {
  const sorted = medians.filter((m) => Number.isFinite(m)).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const result: number[] = [];
  for (let i = 1; i < steps; i++) {
    const v = sorted[Math.min(sorted.length - 1, Math.floor((i / steps) * sorted.length))] as number;
    result.push(Math.round(v / 100) * 100);
  }
  return [...new Set(result)];
}

/**
 * MapLibre `step` expression colouring a feature by its `median` property. Without steps (no
 * priced section yet) it is the first colour alone: MapLibre refuses a `step` with no stop, and a
 * refused paint value drops the whole layer (the 3D map then showed only the flat basemap).
 */
export function colourExpression(steps: number[]): unknown[] | string {
  if (steps.length === 0) return PRICE_COLOURS[0];
  const expr: unknown[] = ['step', ['coalesce', ['get', 'median'], 0], PRICE_COLOURS[0]];
  steps.forEach((s, i) => {
    expr.push(s, PRICE_COLOURS[Math.min(i + 1, PRICE_COLOURS.length - 1)]);
  });
  return expr;
}

export const DPE_COLOURS: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', string> = {
  A: '#009c6d',
  B: '#52b153',
  C: '#a5cc74',
  D: '#f4e70f',
  E: '#f0b50f',
  F: '#eb8235',
  G: '#d7221f',
};

/** A small square polygon around a point (a sale drawn as a column), `half` metres each side. */
export function columnPolygon(lon: number, lat: number, half = 6): number[][][] {
  const dLat = half / 111_320;
  const dLon = half / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [
    [
      [lon - dLon, lat - dLat],
      [lon + dLon, lat - dLat],
      [lon + dLon, lat + dLat],
      [lon - dLon, lat + dLat],
      [lon - dLon, lat - dLat],
    ],
  ];
}

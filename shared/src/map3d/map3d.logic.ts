/**
 * Pure rules of the 3D price map: the colour steps and the extrusion height of a section by its
 * median €/m², the DPE colours, and its period. Paint expressions are built from these, tested alone.
 */
import { formatDate, formatEurosPerSquareMetre, formatInteger } from '../format.js';
import { type Period, periodEndingAt } from '../market/period.logic.js';

/** Colour ramp from low to high €/m² (sequential, readable on the light basemap). */
export const PRICE_COLOURS = ['#ffffcc', '#c7e9b4', '#7fcdbb', '#41b6c4', '#1d91c0', '#225ea8', '#0c2c84'] as const;

/** Metres of height per €/m²: 10 000 €/m² stands 1 000 m tall, enough to read at city scale. */
export const METRES_PER_EURO = 0.1;

/** Widths of a price class, in €/m²: 1, 2, 5 times a power of ten, so that bounds read at a glance. */
const CLASS_WIDTHS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;

/**
 * Price thresholds of the colour steps: classes of one round width (100, 200, 500 €/m²…) laid over
 * the medians shown, from their first to their last quantile break (`classes` quantiles), so that
 * each class reads « 3 000 à 3 200 €/m² » rather than odd quantiles of uneven widths. A threshold is
 * kept only if some median lies on each side of it.
 */
export function priceSteps(medians: number[], classes = PRICE_COLOURS.length): number[] {
  const sorted = medians.filter((m) => Number.isFinite(m)).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const quantile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
  const low = quantile(1 / classes);
  const high = quantile((classes - 1) / classes);
  // The round width nearest (by ratio) to an even split of that span.
  const even = Math.max(1, (high - low) / Math.max(1, classes - 2));
  const width = CLASS_WIDTHS.reduce((best, w) => (Math.abs(Math.log(w / even)) < Math.abs(Math.log(best / even)) ? w : best));
  const start = Math.round(low / width) * width;
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  const steps = Array.from({ length: classes - 1 }, (_, i) => start + i * width).filter((s) => s > min && s <= max);
  // Every median alike: one threshold under them, so that the legend still names their class.
  return steps.length > 0 ? steps : [Math.floor(min / CLASS_WIDTHS[0]) * CLASS_WIDTHS[0]];
}

/** The legend's label of each class of `priceSteps`: « moins de 2 800 €/m² », « 2 800 à 3 000 €/m² », « 3 800 €/m² et plus ». */
export function priceClassLabels(steps: number[]): string[] {
  if (steps.length === 0) return [];
  const first = steps[0] as number;
  const last = steps[steps.length - 1] as number;
  return [
    `moins de ${formatEurosPerSquareMetre(first)}`,
    ...steps.slice(1).map((s, i) => `${formatInteger(steps[i] as number)} à ${formatEurosPerSquareMetre(s)}`),
    `${formatEurosPerSquareMetre(last)} et plus`,
  ];
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

/** The default period: the 3 years (36 months) ending with the newest sale held for the commune. */
export const MAP3D_PERIOD_YEARS = 3;

/** The period of the 3D map: the one asked for in months (`2022-06` to `2022-08`: 01/06 to 31/08), else the default. */
export function map3dPeriod(asked: { from?: string | undefined; to?: string | undefined }, newest: string | null): Period | null {
  const lastDay = (month: string) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  };
  const to = asked.to ? lastDay(asked.to) : newest;
  if (!to) return null;
  return { from: asked.from ? `${asked.from}-01` : periodEndingAt(to, MAP3D_PERIOD_YEARS).from, to };
}

/** The sentence of the period, said as the market tools say theirs (`defaultPeriodNote`). */
export function map3dPeriodNote(p: { from: string | null; to: string | null; newest: string | null; defaultPeriod: boolean }): string {
  if (!p.from || !p.to || !p.newest) return 'Aucune vente DVF importée pour cette commune.';
  if (!p.defaultPeriod) return `Période choisie\u00a0: du ${formatDate(p.from)} au ${formatDate(p.to)}.`;
  return `Période par défaut\u00a0: les ${MAP3D_PERIOD_YEARS} ans qui précèdent la vente la plus récente importée pour cette commune (${formatDate(p.newest)}), du ${formatDate(p.from)} au ${formatDate(p.to)}.`;
}

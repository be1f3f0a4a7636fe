import { describe, expect, it } from 'vitest';
import { colourExpression, columnPolygon, PRICE_COLOURS, priceSteps } from './map3d.logic.js';

describe('3D map rules', () => {
  it('cuts the medians into rounded, distinct steps', () => {
    expect(priceSteps([])).toEqual([]);
    expect(priceSteps([1000, 2000, 3000, 4000, 5000, 6000, 7000])).toEqual([2000, 3000, 4000, 5000, 6000, 7000]);
    expect(priceSteps([3210, 3210, 3210])).toEqual([3200]);
  });
  it('builds a step expression over the median', () => {
    expect(colourExpression([2000, 3000])).toEqual([
      'step',
      ['coalesce', ['get', 'median'], 0],
      PRICE_COLOURS[0],
      2000,
      PRICE_COLOURS[1],
      3000,
      PRICE_COLOURS[2],
    ]);
    expect(colourExpression([])).toBe(PRICE_COLOURS[0]);
  });
  it('draws a closed square of the given half-size around a point', () => {
    const [ring] = columnPolygon(2.35, 48.85, 10);
    expect(ring).toHaveLength(5);
    expect(ring?.[0]).toEqual(ring?.[4]);
    const width = ((ring?.[1]?.[0] as number) - (ring?.[0]?.[0] as number)) * 111_320 * Math.cos((48.85 * Math.PI) / 180);
    expect(width).toBeCloseTo(20, 5);
  });
});

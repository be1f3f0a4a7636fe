import { describe, expect, it } from 'vitest';
import {
  colourExpression,
  columnPolygon,
  map3dPeriod,
  map3dPeriodNote,
  PRICE_COLOURS,
  priceClassLabels,
  priceSteps,
} from './map3d.logic.js';

/** The medians of Bondy's sections with at least 3 sales (DVF 2022 sample). */
const BONDY = [
  2379, 2464, 2647, 2703, 2704, 2784, 2818, 2919, 2969, 3086, 3101, 3125, 3190, 3229, 3248, 3274, 3289, 3292, 3327, 3350, 3364, 3370, 3393,
  3397, 3530, 3615, 3618, 3634, 3636, 3661, 3681, 3722, 3745, 3759, 3778, 3817, 3881, 3947, 3973, 4085, 4313, 4497, 4786, 5789,
];

describe('3D map rules', () => {
  it('cuts the medians into classes of one round width', () => {
    expect(priceSteps([])).toEqual([]);
    // Quantile breaks were 2 800, 3 200, 3 300, 3 600, 3 700, 3 900: classes of 100 to 400 €/m².
    expect(priceSteps(BONDY)).toEqual([2800, 3000, 3200, 3400, 3600, 3800]);
    expect(priceSteps([1000, 2000, 3000, 4000, 5000, 6000, 7000])).toEqual([2000, 3000, 4000, 5000, 6000, 7000]);
    expect(priceSteps([2400, 3100, 3900])).toEqual([2600, 2800, 3000, 3200, 3400]);
    expect(priceSteps([3210, 3210, 3210])).toEqual([3200]);
    for (const steps of [priceSteps(BONDY), priceSteps([1800, 2600, 4100, 5200, 9000, 12_500])]) {
      const widths = new Set(steps.slice(1).map((s, i) => s - (steps[i] as number)));
      expect(widths.size).toBe(1);
      expect([100, 200, 500, 1000, 2000]).toContain([...widths][0]);
    }
  });

  it('labels each class by its bounds', () => {
    expect(priceClassLabels([])).toEqual([]);
    expect(priceClassLabels([3000, 3500, 4000])).toEqual([
      'moins de 3\u202f000\u00a0€/m²',
      '3\u202f000 à 3\u202f500\u00a0€/m²',
      '3\u202f500 à 4\u202f000\u00a0€/m²',
      '4\u202f000\u00a0€/m² et plus',
    ]);
  });

  it('says the period to the day, the default one ending at the newest sale held', () => {
    expect(map3dPeriod({}, '2022-12-30')).toEqual({ from: '2019-12-31', to: '2022-12-30' });
    expect(map3dPeriod({ from: '2022-06', to: '2022-08' }, '2022-12-30')).toEqual({ from: '2022-06-01', to: '2022-08-31' });
    expect(map3dPeriod({ to: '2024-02' }, null)).toEqual({ from: '2021-03-01', to: '2024-02-29' });
    expect(map3dPeriod({}, null)).toBeNull();
    expect(map3dPeriodNote({ from: '2019-12-31', to: '2022-12-30', newest: '2022-12-30', defaultPeriod: true })).toBe(
      'Période par défaut\u00a0: les 3 ans qui précèdent la vente la plus récente importée pour cette commune (30/12/2022), du 31/12/2019 au 30/12/2022.',
    );
    expect(map3dPeriodNote({ from: '2022-06-01', to: '2022-08-31', newest: '2022-12-30', defaultPeriod: false })).toBe(
      'Période choisie\u00a0: du 01/06/2022 au 31/08/2022.',
    );
    expect(map3dPeriodNote({ from: null, to: null, newest: null, defaultPeriod: true })).toBe(
      'Aucune vente DVF importée pour cette commune.',
    );
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

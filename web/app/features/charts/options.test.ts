// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { binLabel, histogramOption, monthLabel, monthlyTrendOption, monthlyVolumeOption } from './options';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('chart options', () => {
  it('labels months in French', () => {
    expect(monthLabel('2022-03')).toBe('mars 2022');
  });

  it('writes the months of the volume chart as the trend above it, in line with its months', () => {
    const monthly = [
      { month: '2022-02', count: 1 },
      { month: '2022-03', count: 1234 },
    ];
    const volume = monthlyVolumeOption(monthly);
    const trend = monthlyTrendOption([
      { name: 'Prix médian', monthly: monthly.map((m) => ({ ...m, median: null, mean: null, q1: null, q3: null })) },
    ]);
    expect(volume.xAxis.data).toEqual(trend.xAxis.data);
    expect(volume.xAxis.data).toEqual(['févr. 2022', 'mars 2022']);
    expect([volume.grid.left, volume.grid.right]).toEqual([trend.grid.left, trend.grid.right]);
    const tip = volume.tooltip.formatter;
    expect(tip([{ seriesName: 'Ventes', dataIndex: 0, value: 1 }])).toBe(`févr. 2022${NBSP}: 1${NBSP}vente`);
    expect(tip([{ seriesName: 'Ventes', dataIndex: 1, value: 1234 }])).toBe(`mars 2022${NBSP}: 1${NNBSP}234${NBSP}ventes`);
  });

  it('breaks the trend line on months under 3 sales', () => {
    const o = monthlyTrendOption([
      {
        name: 'Appartements',
        monthly: [
          { month: '2022-01', count: 3, median: 3300, mean: 3300, q1: 3150, q3: 3450 },
          { month: '2022-02', count: 1, median: null, mean: null, q1: null, q3: null },
        ],
      },
    ]);
    expect(o.series[0]?.data).toEqual([3300, null]);
    expect(o.xAxis.data).toEqual(['janv. 2022', 'févr. 2022']);
    const tip = o.tooltip.formatter([{ seriesName: 'Appartements', dataIndex: 1, value: null, axisValueLabel: 'févr. 2022' }]);
    expect(tip).toBe('févr. 2022<br>Appartements\u00a0: Pas assez de ventes (1\u00a0vente)');
  });

  it('labels the open histogram bins', () => {
    const bins = [
      { lower: 2000, upper: 3000, openBelow: true, openAbove: false, count: 2 },
      { lower: 3000, upper: 4000, openBelow: false, openAbove: false, count: 1 },
      { lower: 4000, upper: 5000, openBelow: false, openAbove: true, count: 1 },
    ];
    expect(bins.map(binLabel)).toEqual([
      `moins de 3${NNBSP}000${NBSP}€/m²`,
      `3${NNBSP}000 à 4${NNBSP}000${NBSP}€/m²`,
      `4${NNBSP}000${NBSP}€/m² et plus`,
    ]);
    expect(histogramOption({ width: 1000, bins }).series[0]?.data).toEqual([2, 1, 1]);
  });
});

/**
 * ECharts options of the market charts, as pure functions of the API data (tested without a
 * browser). Months under 3 sales have no point (« Pas assez de ventes »): the line breaks there.
 */
import { countOf, formatEurosPerSquareMetre, formatInteger } from '@immoloupe/shared/format';
import type { Histogram, MonthlyStat } from '@immoloupe/shared/market/stats.logic';
import { NOT_ENOUGH_SALES } from '@immoloupe/shared/market/stats.logic';

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2022-03` → `mars 2022`. */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-15T00:00:00Z`));
}

export const PALETTE = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9'];

interface TooltipParam {
  seriesName: string;
  dataIndex: number;
  value: number | null;
  axisValueLabel?: string;
  marker?: string;
}

/** The trend and the volume charts are drawn one above the other: the same margins put their months in line. */
const MONTHLY_GRID = { left: 64, right: 16 };

export function monthlyTrendOption(series: readonly { name: string; monthly: readonly MonthlyStat[] }[]) {
  const months = series[0]?.monthly.map((m) => m.month) ?? [];
  return {
    color: PALETTE,
    grid: { ...MONTHLY_GRID, top: 40, bottom: 48 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: TooltipParam[]) => {
        const lines = params.map((p) => {
          const m = series.find((s) => s.name === p.seriesName)?.monthly[p.dataIndex];
          const value = m?.median === null || m?.median === undefined ? NOT_ENOUGH_SALES : formatEurosPerSquareMetre(m.median);
          return `${p.marker ?? ''}${p.seriesName}\u00a0: ${value} (${countOf(m?.count ?? 0, 'vente')})`;
        });
        return [params[0]?.axisValueLabel ?? '', ...lines].join('<br>');
      },
    },
    xAxis: { type: 'category', data: months.map(monthLabel) },
    yAxis: { type: 'value', name: '€/m²', axisLabel: { formatter: (v: number) => formatInteger(v) } },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      connectNulls: false,
      showSymbol: true,
      symbolSize: 5,
      data: s.monthly.map((m) => m.median),
    })),
  };
}

/** Sales per month, under the trend chart: its months written as the trend writes them, « 30 ventes » on hover. */
export function monthlyVolumeOption(monthly: readonly Pick<MonthlyStat, 'month' | 'count'>[]) {
  return {
    grid: { ...MONTHLY_GRID, top: 24, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: TooltipParam[]) => {
        const m = monthly[params[0]?.dataIndex ?? 0];
        return m ? `${monthLabel(m.month)}\u00a0: ${countOf(m.count, 'vente')}` : '';
      },
    },
    xAxis: { type: 'category', data: monthly.map((m) => monthLabel(m.month)) },
    yAxis: { type: 'value', name: 'ventes', minInterval: 1, axisLabel: { formatter: (v: number) => formatInteger(v) } },
    series: [{ name: 'Ventes', type: 'bar', data: monthly.map((m) => m.count), color: '#868e96' }],
  };
}

/** `moins de 3 000 €/m²`, `3 000 à 4 000 €/m²`, `12 000 €/m² et plus`. */
export function binLabel(bin: Histogram['bins'][number]): string {
  if (bin.openBelow) return `moins de ${formatEurosPerSquareMetre(bin.upper)}`;
  if (bin.openAbove) return `${formatEurosPerSquareMetre(bin.lower)} et plus`;
  return `${formatInteger(bin.lower)} à ${formatEurosPerSquareMetre(bin.upper)}`;
}

export function histogramOption(h: Histogram) {
  return {
    color: PALETTE,
    grid: { left: 48, right: 16, top: 24, bottom: 96 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: h.bins.map(binLabel), axisLabel: { rotate: 35, interval: 0 } },
    yAxis: { type: 'value', name: 'ventes', minInterval: 1 },
    series: [{ name: 'Ventes', type: 'bar', barCategoryGap: '8%', data: h.bins.map((b) => b.count) }],
  };
}

/** Median €/m² per category (type, rooms…); categories under 3 sales have no bar. */
export function medianBarsOption(items: readonly { label: string; median: number | null; count: number }[]) {
  return {
    color: PALETTE,
    grid: { left: 64, right: 16, top: 24, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: TooltipParam[]) => {
        const item = items[params[0]?.dataIndex ?? 0];
        if (!item) return '';
        return `${item.label}\u00a0: ${item.median === null ? NOT_ENOUGH_SALES : formatEurosPerSquareMetre(item.median)} (${countOf(item.count, 'vente')})`;
      },
    },
    xAxis: { type: 'category', data: items.map((i) => i.label) },
    yAxis: { type: 'value', name: '€/m²', axisLabel: { formatter: (v: number) => formatInteger(v) } },
    series: [{ name: 'Médiane', type: 'bar', data: items.map((i) => i.median) }],
  };
}

/**
 * One ECharts chart: ECharts is imported lazily on first render in the browser (never on the
 * server, never on pages without charts), in French, and resized 200 ms after the window stops
 * resizing (SEED-SPEC §9). `data-chart-ready` tells printing (and the PDF renderer) it is drawn.
 */
import { CHART_RESIZE_DEBOUNCE_MS } from '@immoloupe/shared/constants';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { debounce } from './debounce';

export function Chart({ option, height = 320, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    const onResize = debounce(() => chart.current?.resize(), CHART_RESIZE_DEBOUNCE_MS);
    void import('./echarts.client').then(({ echarts }) => {
      if (disposed || !ref.current) return;
      const instance = echarts.init(ref.current, null, { locale: 'FR', renderer: 'svg' });
      chart.current = instance;
      instance.on('finished', () => setReady(true));
      instance.setOption(latest.current, true);
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      onResize.cancel();
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      data-chart=""
      data-chart-ready={ready ? 'true' : undefined}
      style={{ width: '100%', height }}
    />
  );
}

/**
 * ECharts, loaded only by the pages that draw charts (a dynamic import of this module): the
 * charts and components they use, the SVG renderer (crisp in print and in PDFs, text stays text)
 * and the French locale.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
// The package's UMD French locale object (no typings: declared in echarts-locale.d.ts).
import langFR from 'echarts/i18n/langFR-obj.js';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  MarkLineComponent,
  DataZoomComponent,
  SVGRenderer,
]);
echarts.registerLocale('FR', langFR);

export { echarts };

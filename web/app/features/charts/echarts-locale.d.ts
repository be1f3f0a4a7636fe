declare module 'echarts/i18n/langFR-obj.js' {
  import type { registerLocale } from 'echarts/core';

  const locale: Parameters<typeof registerLocale>[1];
  export default locale;
}

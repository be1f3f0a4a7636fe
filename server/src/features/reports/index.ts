/** The reports feature's public surface: an HTML page printed to PDF within the pool's limits. */
export { type PdfLimits, type PdfLog, renderHtmlPdf } from './pdf.js';

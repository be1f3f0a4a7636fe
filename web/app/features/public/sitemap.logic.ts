/**
 * sitemap.xml of the public site: the public pages that are built and open to search engines.
 * Private pages, pages that show DVF rows (noindex, a condition of DVF reuse) and pages still to
 * come are left out.
 */
import type { SpecRoute } from '@immoloupe/shared/routes';

export function sitemapPaths(routes: readonly SpecRoute[]): string[] {
  return routes.filter((r) => r.access === 'public' && !r.noindex && r.delivery.state === 'ready').map((r) => r.path);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function renderSitemap(publicUrl: string, paths: readonly string[]): string {
  const origin = publicUrl.replace(/\/+$/, '');
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

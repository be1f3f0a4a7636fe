// @vitest-environment node
import type { SpecRoute } from '@immoloupe/shared/routes';
import { describe, expect, it } from 'vitest';
import { renderSitemap, sitemapPaths } from './sitemap.logic';

const route = (path: string, extra: Partial<SpecRoute> = {}): SpecRoute => ({
  path,
  title: path,
  description: '',
  access: 'public',
  delivery: { state: 'ready' },
  noindex: false,
  ...extra,
});

describe('sitemap', () => {
  it('keeps the built public pages open to search engines, and nothing else', () => {
    const paths = sitemapPaths([
      route('/'),
      route('/methodo'),
      route('/index_old', { noindex: true }),
      route('/apropos', { delivery: { state: 'coming', issue: 'site public' } }),
      route('/abo/connexion', { access: 'guest', noindex: true }),
      route('/pro/transactions', { access: 'subscriber', noindex: true }),
    ]);
    expect(paths).toEqual(['/', '/methodo']);
  });

  it('writes absolute, escaped URLs from the public origin', () => {
    const xml = renderSitemap('https://immoloupe.example/', ['/', '/a&b']);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>https://immoloupe.example/</loc>');
    expect(xml).toContain('<loc>https://immoloupe.example/a&amp;b</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

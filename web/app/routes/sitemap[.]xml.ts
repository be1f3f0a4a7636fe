/** `/sitemap.xml`: the public pages, with absolute URLs on the configured public origin. */
import type { AppContext } from '@immoloupe/shared/app-context';
import { SPEC_ROUTES } from '@immoloupe/shared/routes';
import { renderSitemap, sitemapPaths } from '~/features/public/sitemap.logic';
import type { Route } from './+types/sitemap[.]xml';

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context as unknown as AppContext;
  return new Response(renderSitemap(publicUrl, sitemapPaths(SPEC_ROUTES)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

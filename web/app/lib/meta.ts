/**
 * Head tags of a page: title (page title · Immoloupe), description, canonical URL, Open Graph,
 * and `noindex` for private and DVF-based pages.
 */
import { documentTitle, findSpecRoute, PRODUCT_NAME, type SpecRoute } from '@immoloupe/shared/routes';
import type { MetaDescriptor } from 'react-router';

interface MetaInput {
  title: string;
  description?: string;
  noindex?: boolean;
  /** Canonical path; the page's own when omitted. */
  path: string;
  publicUrl?: string | undefined;
}

export function pageMeta({ title, description, noindex, path, publicUrl }: MetaInput): MetaDescriptor[] {
  const full = documentTitle(title);
  const tags: MetaDescriptor[] = [{ title: full }];
  if (description) tags.push({ name: 'description', content: description });
  if (noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  if (publicUrl && !noindex) {
    const url = `${publicUrl}${path === '/' ? '/' : path}`;
    tags.push(
      { tagName: 'link', rel: 'canonical', href: url },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: PRODUCT_NAME },
      { property: 'og:locale', content: 'fr_FR' },
      { property: 'og:title', content: full },
      { property: 'og:url', content: url },
    );
    if (description) tags.push({ property: 'og:description', content: description });
  }
  return tags;
}

/** Public origin, from the root loader's data in the meta function's matches. */
export function publicUrlOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl;
}

export function specMeta(route: SpecRoute, matches: Parameters<typeof publicUrlOf>[0]): MetaDescriptor[] {
  return pageMeta({
    title: route.title,
    description: route.description,
    noindex: route.noindex,
    path: route.path,
    publicUrl: publicUrlOf(matches),
  });
}

export function specMetaFor(pathname: string, matches: Parameters<typeof publicUrlOf>[0]): MetaDescriptor[] {
  const route = findSpecRoute(pathname);
  if (!route) return pageMeta({ title: 'Page introuvable', noindex: true, path: pathname });
  return specMeta(route, matches);
}

/**
 * Search-result pages: the card of each parsed listing, found by the link to its ad, so that its
 * badge sits on the right card.
 */
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';

/** The link of a listing's card: same URL path, or an ad link carrying its portal id. */
export function cardLinkOf(doc: Document, listing: ParsedListing): HTMLAnchorElement | null {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[href]')];
  if (listing.url) {
    let path: string | null = null;
    try {
      path = new URL(listing.url, doc.baseURI).pathname;
    } catch {
      path = null;
    }
    const byPath = path && path !== '/' ? links.find((a) => a.pathname === path) : undefined;
    if (byPath) return byPath;
  }
  const id = listing.portalId;
  if (id && id.length >= 5) return links.find((a) => a.pathname.includes(id)) ?? null;
  return null;
}

/** Groups listings that share one DVF comparison (same commune and type), to ask the server once per group. */
export function comparisonKey(listing: ParsedListing): string {
  return [listing.postcode ?? '', (listing.city ?? '').toLowerCase(), listing.propertyType ?? '', listing.transaction ?? ''].join('|');
}

/**
 * Search-result pages: the card of each parsed listing, so that its badge sits on the right card.
 * Found by the link to the ad (same path), else by an element carrying the ad's portal id (Logic-Immo
 * and SeLoger cards have no link, only `id="classified-card-<id>"`; ParuVendu has `data-id`).
 */
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';

export interface CardPlace {
  element: Element;
  /** Where the badge goes: after a link, inside the top of a card. */
  position: 'afterend' | 'afterbegin';
}

export function cardOf(doc: Document, listing: ParsedListing): CardPlace | null {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[href]')];
  if (listing.url) {
    let path: string | null = null;
    try {
      path = new URL(listing.url, doc.baseURI).pathname;
    } catch {
      path = null;
    }
    const byPath = path && path !== '/' ? links.find((a) => a.pathname === path) : undefined;
    if (byPath) return { element: byPath, position: 'afterend' };
  }
  const id = listing.portalId;
  // Only plain ids go into a selector (PAP's "E65/2233" would need escaping and has no card anyway).
  if (!id || id.length < 5 || !/^[\w-]+$/.test(id)) return null;
  const card = doc.querySelector(`[id$="-${id}"], [data-id="${id}"]`);
  if (card) return { element: card, position: 'afterbegin' };
  const link = links.find((a) => a.pathname.includes(id));
  return link ? { element: link, position: 'afterend' } : null;
}

/** Groups listings that share one DVF comparison (same commune and type), to ask the server once per group. */
export function comparisonKey(listing: ParsedListing): string {
  return [listing.postcode ?? '', (listing.city ?? '').toLowerCase(), listing.propertyType ?? '', listing.transaction ?? ''].join('|');
}

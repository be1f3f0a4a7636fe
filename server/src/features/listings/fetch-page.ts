/**
 * Fetching a listing page for the person who pasted its URL. Only the portals' own hosts are
 * fetched, at each redirect too (never an arbitrary address: no server-side request forgery),
 * with a short timeout and a byte cap read as a stream (`outboundFetch`); most portals answer a
 * server with an anti-bot page, which the parsers recognise and explain.
 */
import { detectPortal } from '@immoloupe/shared/listings/parse';
import { outboundFetch } from '../../http/outbound.js';

export type PageFetcher = (url: string) => Promise<{ status: number; html: string }>;

const TIMEOUT_MS = 8000;
/** A real page weighs up to about 3 MB (a leboncoin page: 2.2 MB). */
export const MAX_PAGE_BYTES = 5_000_000;

/** A portal's page over http(s), on a host the readers know. */
export const portalUrl = (url: URL) => (url.protocol === 'https:' || url.protocol === 'http:') && detectPortal(url.href) !== undefined;

/** `fetchImpl`: the transport under the checks (tests give one that plays the portals). */
export function createListingPageFetcher(fetchImpl: typeof fetch = fetch): PageFetcher {
  return async (url) => {
    const res = await outboundFetch(url, {
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_PAGE_BYTES,
      allowUrl: portalUrl,
      maxRedirects: 5,
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Immoloupe)', 'accept-language': 'fr-FR,fr;q=0.9' },
      fetch: fetchImpl,
    });
    return { status: res.status, html: res.text() };
  };
}

export const fetchListingPage: PageFetcher = createListingPageFetcher();

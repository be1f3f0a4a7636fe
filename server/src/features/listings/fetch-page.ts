/**
 * Fetching a listing page for the person who pasted its URL. Only the portals' own hosts are
 * fetched (never an arbitrary address: no server-side request forgery), with a short timeout; most
 * portals answer a server with an anti-bot page, which the parsers recognise and explain.
 */
import { detectPortal } from '@immoloupe/shared/listings/parse';

export type PageFetcher = (url: string) => Promise<{ status: number; html: string }>;

const TIMEOUT_MS = 8000;
const MAX_BYTES = 5_000_000;

export const fetchListingPage: PageFetcher = async (url) => {
  if (!detectPortal(url)) throw new Error('not a portal URL');
  const res = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'follow',
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Immoloupe)', 'accept-language': 'fr-FR,fr;q=0.9' },
  });
  const html = (await res.text()).slice(0, MAX_BYTES);
  return { status: res.status, html };
};

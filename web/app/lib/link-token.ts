/**
 * E-mailed account links carry a one-time token in their address (`/abo/activate?token=…`,
 * `/abo/connexion?reinitialisation=…`). Once the page has read it, the address bar must stop
 * holding it: the analytics scripts a visitor consented to read `location.href`, and a later
 * address could hand it on. `hideLinkTokens` takes those parameters out with
 * `history.replaceState` before the shell starts any analytics; the page keeps the value from the
 * router's own location, which a `replaceState` outside the router does not change. The server
 * also sends `Referrer-Policy: no-referrer` with such an address and masks it in its log.
 */
export const LINK_TOKEN_PARAMS = ['token', 'reinitialisation'] as const;

/** The address without its link tokens, or null when it carries none. */
export function withoutLinkTokens(href: string): string | null {
  const url = new URL(href);
  if (!LINK_TOKEN_PARAMS.some((p) => url.searchParams.has(p))) return null;
  for (const p of LINK_TOKEN_PARAMS) url.searchParams.delete(p);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Removes the link tokens from the address bar, keeping the router's history entry state. */
export function hideLinkTokens(): void {
  if (typeof window === 'undefined') return;
  const clean = withoutLinkTokens(window.location.href);
  if (clean !== null) window.history.replaceState(window.history.state, '', clean);
}

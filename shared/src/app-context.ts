/**
 * What the Express server hands to every React Router loader and to the document renderer
 * (React Router's `AppLoadContext`). The server builds it per request in `server/src/app.ts`.
 */

/** What the browser may know of the configuration. */
export interface PublicConfig {
  gaMeasurementId: string | null;
  metaPixelId: string | null;
  /** Regular expressions (sources) of the paths whose page views the pixel sends. */
  metaPixelPaths: string[];
  mapStyleUrl: string | null;
  /** The subscription offer: price including VAT, in cents, and billing interval. */
  offer: { priceCents: number; interval: 'month' | 'year' };
  /** Session and navigation settings of the accounts feature (SEED-SPEC §4); defaults when absent. */
  accounts?: AccountsPublicConfig;
}

export interface AccountsPublicConfig {
  /** The session is read on the server while rendering; false: the browser reads it after hydration. */
  serverSideAuth: boolean;
  loginPage: string;
  addRedirectQuery: boolean;
  allow404WithoutAuth: boolean;
  /** Lifetime of the refresh of the session cookie, in seconds (drives the browser's refresh timer). */
  refreshTokenMaxAgeSec: number;
  /** Stripe is configured: the offer page can take a card payment. */
  paymentConfigured: boolean;
}

/** The signed-in user as the pages see it (SEED-SPEC §3). Filled by the accounts feature. */
export interface SessionUser {
  email: string;
  /** The client record; null when the user has none yet. */
  client: { abo: unknown; aboactif: boolean } | null;
  role: 'subscriber' | 'admin';
}

// A type alias (not an interface) so that it fits React Router's indexable AppLoadContext.
export type AppContext = {
  buildId: string;
  /** Per-request nonce allowed by the Content-Security-Policy for inline scripts. */
  cspNonce: string;
  publicUrl: string;
  publicConfig: PublicConfig;
  /**
   * Reads the session of the request on the server during SSR (SEED-SPEC §4). The accounts
   * feature provides it; until then every visitor is signed out.
   */
  getSessionUser: () => Promise<SessionUser | null>;
  /** Structured server log, for errors met while rendering. */
  logError: (msg: string, fields?: Record<string, unknown>) => void;
};

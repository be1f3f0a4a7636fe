/**
 * Contract between the browser extension and the server: the analysis of a parsed listing
 * (`POST /api/extension/analysis`), the portals the extension runs on, and the identity of the
 * extension (its Chromium id, pinned by the public key of its manifest).
 */
import { z } from 'zod';
import { type Portal, parsedListingSchema } from '../listings/contracts.js';
import { propertyRentSchema } from '../rents/contracts.js';

/** Chromium id of the extension: derived from the `key` of its manifest, so the same on every install. */
export const CHROMIUM_EXTENSION_ID = 'naphjjimjlkfbdbpmhmibdcjbgkljcpa';

/** The production server the extension talks to unless its settings say otherwise. */
export const DEFAULT_SERVER_URL = 'https://immoloupe.fr';

/** Host names of each portal, as the manifest's match patterns and the settings list them. */
export const PORTAL_HOSTS: Record<Exclude<Portal, 'seloger-neuf' | 'autre'>, readonly string[]> = {
  leboncoin: ['www.leboncoin.fr'],
  seloger: ['www.seloger.com', 'www.selogerneuf.com'],
  pap: ['www.pap.fr'],
  bienici: ['www.bienici.com'],
  logicimmo: ['www.logic-immo.com'],
  paruvendu: ['www.paruvendu.fr'],
  lefigaro: ['immobilier.lefigaro.fr'],
  orpi: ['www.orpi.com'],
};
export type ExtensionPortal = keyof typeof PORTAL_HOSTS;
export const EXTENSION_PORTALS = Object.keys(PORTAL_HOSTS) as ExtensionPortal[];

/** The portal whose settings switch covers a parsed portal (SeLoger Neuf goes with SeLoger). */
export function settingsPortalOf(portal: Exclude<Portal, 'autre'>): ExtensionPortal {
  return portal === 'seloger-neuf' ? 'seloger' : portal;
}

/** The API paths the extension calls: the only ones the server opens to its origin (CORS). */
export const EXTENSION_API_PATHS = ['/extension/analysis', '/extension/listings', '/extension/whoami'] as const;

export const analysisRequestSchema = z.object({ listing: parsedListingSchema });
export type AnalysisRequest = z.infer<typeof analysisRequestSchema>;

const statSchema = z.object({
  count: z.number().int().nonnegative(),
  median: z.number().nullable(),
  q1: z.number().nullable(),
  q3: z.number().nullable(),
});

export const localisationCandidateSchema = z.object({
  label: z.string(),
  /** 0–100: how well the candidate matches the listing; null for the address the listing writes, without a DPE there. */
  score: z.number().nullable(),
  detail: z.string().optional(),
});
export type LocalisationCandidate = z.infer<typeof localisationCandidateSchema>;

export const listingAnalysisSchema = z.object({
  commune: z.object({ insee: z.string(), nom: z.string() }).nullable(),
  /** DVF type the comparison uses: the listing's own, or flats and houses together. */
  types: z.array(z.enum(['maison', 'appartement', 'local'])),
  /** Two years ending at the newest sale loaded for the commune; null without any sale. */
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** €/m² of the sales of the period (median null under 3 sales). */
  market: statSchema.nullable(),
  /**
   * The commune's Carte des loyers for a flat or a house said for sale or rent (`reference` null when
   * none is loaded); null otherwise. A server from before the rents sends none: read as null.
   */
  rent: propertyRentSchema.nullable().default(null),
  /** null: the localisation could not run (no postcode, or not available on this server). */
  localisation: z.object({ candidates: z.array(localisationCandidateSchema) }).nullable(),
});
export type ListingAnalysis = z.infer<typeof listingAnalysisSchema>;

export const whoamiSchema = z.object({ email: z.string() });
export { saveListingResponseSchema as savedSchema } from '../listings/store.logic.js';

/** What the extension reads on each portal: an ad page (panel), a results page (badges on the cards). */
export const PORTAL_SUPPORT: Record<ExtensionPortal, { listing: boolean; results: boolean }> = {
  leboncoin: { listing: true, results: true },
  seloger: { listing: true, results: true },
  pap: { listing: true, results: false },
  bienici: { listing: true, results: true },
  logicimmo: { listing: false, results: true },
  paruvendu: { listing: false, results: true },
  lefigaro: { listing: true, results: false },
  orpi: { listing: true, results: false },
};

const packageSchema = z.object({ size: z.number(), builtAt: z.string() }).nullable();
export const packagesSchema = z.object({ version: z.string(), chrome: packageSchema, firefox: packageSchema });
export type Packages = z.infer<typeof packagesSchema>;

/**
 * Contract of a parsed listing: what the portal parsers produce (shared code, used by the server's
 * listing analysis and by the browser extension). A field the source does not give is absent,
 * never guessed; each present field names where it was read (`sources`).
 */
import { z } from 'zod';

/**
 * The portals read, and « autre »: the text of a listing from any other site (an agency's own site,
 * a newspaper), read for its facts alone. « autre » is never detected: the agent chooses it, or a
 * pasted text that names no portal is read as such.
 */
export const PORTALS = [
  'leboncoin',
  'seloger',
  'seloger-neuf',
  'pap',
  'bienici',
  'logicimmo',
  'paruvendu',
  'lefigaro',
  'orpi',
  'autre',
] as const;
export type Portal = (typeof PORTALS)[number];

export const PORTAL_LABELS: Record<Portal, string> = {
  leboncoin: 'leboncoin',
  seloger: 'SeLoger',
  'seloger-neuf': 'SeLoger Neuf',
  pap: 'PAP',
  bienici: 'Bien’ici',
  logicimmo: 'Logic-Immo',
  paruvendu: 'ParuVendu',
  lefigaro: 'Le Figaro Immobilier',
  orpi: 'Orpi',
  autre: 'Autre site',
};

/**
 * Where a field was read: the portal's reader (its embedded JSON, its DOM), then the generic layers
 * (JSON-LD, embedded JSON, meta tags, microdata, labelled text), or a non-page input.
 */
export const FIELD_ORIGINS = [
  'json-ld',
  'next-data',
  'embedded-json',
  'dom',
  'meta',
  'microdata',
  'api',
  'dataset',
  'text',
  'url',
] as const;
export type FieldOrigin = (typeof FIELD_ORIGINS)[number];

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const LISTING_PROPERTY_TYPES = ['appartement', 'maison', 'terrain', 'parking', 'local', 'immeuble', 'autre'] as const;
/**
 * Sale or rent, as the listing states it. A listing that does not state it has no `transaction`
 * (« unknown »): it is never defaulted to a sale, and the analysis asks before any comparison.
 */
export const TRANSACTION_KINDS = ['vente', 'location'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/** What the analysis knows of a listing's transaction: `inconnue` until the page or the person says. */
export type TransactionState = TransactionKind | 'inconnue';
export function transactionState(l: { transaction?: TransactionKind | null }): TransactionState {
  return l.transaction ?? 'inconnue';
}

/**
 * Asking price per m² of a sale, to compare with DVF sales; null for a rent (no sale price) and for a
 * listing whose transaction is unknown (it could be a rent).
 */
export function askingPricePerM2(l: { price?: number | null; surface?: number | null; transaction?: string | null }): number | null {
  return l.price && l.surface && l.transaction === 'vente' ? l.price / l.surface : null;
}

export const parsedListingSchema = z.object({
  portal: z.enum(PORTALS),
  url: z.string().optional(),
  portalId: z.string().optional(),
  transaction: z.enum(TRANSACTION_KINDS).optional(),
  title: z.string().optional(),
  propertyType: z.enum(LISTING_PROPERTY_TYPES).optional(),
  /** Asking price in euros (sale price, or monthly rent for a `location`). */
  price: z.number().positive().optional(),
  /** Living area in m². */
  surface: z.number().positive().optional(),
  rooms: z.number().int().positive().optional(),
  bedrooms: z.number().int().nonnegative().optional(),
  /** Land area in m². */
  landArea: z.number().positive().optional(),
  floor: z.number().int().optional(),
  dpeClass: z.enum(ENERGY_CLASSES).optional(),
  /** kWh/m²/an of primary energy. */
  dpeValue: z.number().nonnegative().optional(),
  gesClass: z.enum(ENERGY_CLASSES).optional(),
  /** kg CO₂/m²/an. */
  gesValue: z.number().nonnegative().optional(),
  postcode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  city: z.string().optional(),
  district: z.string().optional(),
  /** Position the portal publishes (often blurred to the district): WGS84 degrees. */
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  description: z.string().optional(),
  photos: z.array(z.string()).optional(),
  seller: z.enum(['professionnel', 'particulier']).optional(),
  /** ISO 8601 dates. */
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** For every field present above (but `portal`), where it was read. */
  sources: z.record(z.string(), z.enum(FIELD_ORIGINS)),
});
export type ParsedListing = z.infer<typeof parsedListingSchema>;

/** Why a page could not be read; each comes with a French message for the person. */
export const PARSE_FAILURES = ['blocked', 'unknown-portal', 'not-a-listing', 'empty'] as const;
export type ParseFailure = (typeof PARSE_FAILURES)[number];

export type ParseResult = { ok: true; listing: ParsedListing } | { ok: false; reason: ParseFailure; message: string };

/** What a parser is given: a page's HTML or body text, an API payload or dataset row, or pasted text. */
export interface ParseInput {
  url?: string;
  html?: string;
  text?: string;
  json?: unknown;
  /** An already built DOM (the extension passes its own `document`); read instead of `html`. */
  document?: import('./dom.js').ListingDocument;
  /** The portal, when the person says it for a pasted text without URL. */
  portal?: Portal;
}

/** Several listings read from one input (a search page, a dataset file, a pasted results list). */
export type ParseManyResult = { ok: true; listings: ParsedListing[] } | { ok: false; reason: ParseFailure; message: string };

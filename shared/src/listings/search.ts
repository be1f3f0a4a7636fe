/**
 * The listing search (`annonces` tool of the saved searches): a zone (shared/src/zone) and the
 * filters of a listing. One schema for the form of /pro/creer_recherche, the counter of the saved
 * search, /pro/listeautomatique and the filters of /pro/carte_annonces (`GET /api/listings/pool`),
 * so that a saved search re-opens the map with the same query.
 */
import { z } from 'zod';
import { commaList, optionalNumber } from '../market/contracts.js';
import { checkRanges, checkZoneQuery, zoneQueryFields } from '../zone/contracts.js';
import { validateZoneGeometry } from '../zone/territory.logic.js';
import { ENERGY_CLASSES, LISTING_PROPERTY_TYPES, TRANSACTION_KINDS } from './contracts.js';

export const LISTING_TYPE_LABELS: Record<(typeof LISTING_PROPERTY_TYPES)[number], string> = {
  appartement: 'Appartement',
  maison: 'Maison',
  terrain: 'Terrain',
  parking: 'Parking',
  local: 'Local',
  immeuble: 'Immeuble',
  autre: 'Autre',
};

export const listingSearchFields = {
  ...zoneQueryFields,
  transaction: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(TRANSACTION_KINDS, { error: 'Transaction\u00a0: vente ou location.' }).optional(),
  ),
  types: commaList(LISTING_PROPERTY_TYPES, 'Type de bien'),
  priceMin: optionalNumber(z.number().min(0, 'Prix minimal positif.')),
  priceMax: optionalNumber(z.number().min(0, 'Prix maximal positif.')),
  surfaceMin: optionalNumber(z.number().min(0, 'Surface minimale positive.')),
  surfaceMax: optionalNumber(z.number().min(0, 'Surface maximale positive.')),
  roomsMin: optionalNumber(z.number().int('Nombre de pièces entier.').min(0)),
  roomsMax: optionalNumber(z.number().int('Nombre de pièces entier.').min(0)),
  dpe: commaList(ENERGY_CLASSES, 'Classe DPE'),
  /** Highest asking price per m² of living area. */
  maxPricePerM2: optionalNumber(z.number().positive('Prix au m² maximal positif.')),
};

type Input = z.infer<z.ZodObject<typeof listingSearchFields>>;

export const listingSearchSchema = z.object(listingSearchFields).superRefine((q: Input, ctx) => {
  checkZoneQuery(q, ctx, validateZoneGeometry);
  checkRanges(q, ctx, [
    ['priceMin', 'priceMax', 'prix'],
    ['surfaceMin', 'surfaceMax', 'surface'],
    ['roomsMin', 'roomsMax', 'pièces'],
  ]);
});
export type ListingSearch = z.infer<typeof listingSearchSchema>;

/** Fewer sales than this behind a median: the « bonne affaire » gap is not computed. */
export const MIN_MEDIAN_SALES = 5;

const medianSchema = z.object({
  /** `section`: the cadastral section under the listing's (portal-blurred) position; else its commune. */
  level: z.enum(['section', 'commune']),
  label: z.string(),
  value: z.number().nullable(),
  count: z.number().int(),
});

export const poolListingSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  transaction: z.enum(TRANSACTION_KINDS).nullable(),
  propertyType: z.enum(LISTING_PROPERTY_TYPES).nullable(),
  price: z.number().nullable(),
  surface: z.number().nullable(),
  rooms: z.number().nullable(),
  dpeClass: z.enum(ENERGY_CLASSES).nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  photoUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  firstSeenAt: z.string(),
  sources: z.array(z.object({ portal: z.string(), portalId: z.string().nullable(), url: z.string().nullable() })),
  pricePerM2: z.number().nullable(),
  median: medianSchema.nullable(),
  /** €/m² against the median: -0.12 is 12 % below. Null without a reliable median. */
  gap: z.number().nullable(),
});
export type PoolListing = z.infer<typeof poolListingSchema>;

/** Listings per page of /pro/listeautomatique. */
export const AUTO_LIST_PAGE_SIZE = 50;
/**
 * The orders the server gives the automatic list: first seen in an import (« récentes »), published
 * on the portal, asking price, asking €/m² (sales only; a listing without one comes last both ways).
 */
export const AUTO_LIST_SORTS = ['recent', 'publication', 'prix', 'prix_m2'] as const;
export type AutoListSort = (typeof AUTO_LIST_SORTS)[number];

const SINCE_ERROR = 'Dernière visite\u00a0: une date ISO ou none.';

/** `GET /api/listings/auto?page=&sort=&order=&since=`. */
export const autoListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Numéro de page invalide.' })
    .int('Numéro de page invalide.')
    .min(1, 'Numéro de page invalide (1 au moins).')
    .max(10_000, 'Numéro de page invalide (10 000 au plus).')
    .default(1),
  sort: z.enum(AUTO_LIST_SORTS, { error: 'Tri\u00a0: recent, publication, prix ou prix_m2.' }).default('recent'),
  order: z.enum(['asc', 'desc'], { error: 'Ordre\u00a0: asc ou desc.' }).default('desc'),
  /**
   * Another page or order of the same visit: the `since` the first page answered (`none` on a first
   * visit). Given, the visit is not recorded again, so that page 2 still marks what page 1 marked.
   */
  since: z.union([z.literal('none'), z.iso.datetime({ offset: true, error: SINCE_ERROR })], { error: SINCE_ERROR }).optional(),
});
export type AutoListQuery = z.infer<typeof autoListQuerySchema>;

/** `GET /api/listings/pool?page=&sort=&order=` beside the search's own filters; no `page`: the map's newest. */
export const poolPageQuerySchema = autoListQuerySchema
  .omit({ since: true })
  .extend({ page: autoListQuerySchema.shape.page.unwrap().optional() });
export type PoolPageQuery = z.infer<typeof poolPageQuerySchema>;

/**
 * `GET /api/listings/pool`: the listings of one search. Without `page`, the map's newest
 * (`pageSize` of them, page 1, `recent`); with `page`, one page of AUTO_LIST_PAGE_SIZE in the order
 * asked, so that the list beside the map pages through all of them (decision 1440).
 */
export const poolResponseSchema = z.object({
  total: z.number().int(),
  listings: z.array(poolListingSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(AUTO_LIST_SORTS),
  order: z.enum(['asc', 'desc']),
});
export type PoolResponse = z.infer<typeof poolResponseSchema>;

/** `GET /api/listings/auto`: /pro/listeautomatique, one page of it. */
export const autoListSchema = z.object({
  searches: z.array(z.object({ id: z.string(), name: z.string(), url: z.string(), error: z.string().nullable() })),
  /** Listings in the pool at all (0: nothing imported yet). */
  poolSize: z.number().int(),
  /** The previous visit (ISO), null the first time. */
  since: z.string().nullable(),
  /** The page's listings, in the order asked. */
  listings: z.array(poolListingSchema.extend({ searchIds: z.array(z.string()), isNew: z.boolean() })),
  /** Listings matching any of the searches, on every page. */
  total: z.number().int(),
  /** Of them, first seen since the previous visit. */
  newCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(AUTO_LIST_SORTS),
  order: z.enum(['asc', 'desc']),
});
export type AutoList = z.infer<typeof autoListSchema>;

/** « Bonne affaire » order: the furthest below the local median first; listings without one last. */
export function byBargain<T extends { gap: number | null; firstSeenAt: string }>(a: T, b: T): number {
  if (a.gap === null && b.gap === null) return b.firstSeenAt.localeCompare(a.firstSeenAt);
  if (a.gap === null) return 1;
  if (b.gap === null) return -1;
  return a.gap - b.gap;
}

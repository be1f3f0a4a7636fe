/**
 * Contracts of the address analysis (`GET /api/market/address`; its saved addresses are in
 * `../saved-addresses/contracts.ts`): one point → its parcel, the sales on it and around it, the local
 * statistics with their 5-year trend, the DPE and copropriétés near it, and the data freshness.
 */
import { z } from 'zod';
import { rentReferenceSchema } from '../rents/contracts.js';
import { monthlyStatSchema, optionalNumber, PARCEL_PATTERN, statSummarySchema } from './contracts.js';
import { PROPERTY_TYPES } from './dvf.js';
import { transactionSchema } from './transactions-contracts.js';

export const ADDRESS_RADII = [100, 200, 300, 500, 1000] as const;
export const DEFAULT_ADDRESS_RADIUS = 500;
/** Years of the monthly trend and of the sales listed around. */
export const ADDRESS_YEARS = 5;

export const addressQuerySchema = z.object({
  lat: z.coerce.number({ error: 'Latitude requise.' }).min(-90).max(90),
  lon: z.coerce.number({ error: 'Longitude requise.' }).min(-180).max(180),
  parcelle: z
    .string()
    .trim()
    .toUpperCase()
    .regex(PARCEL_PATTERN, 'Parcelle invalide (14 caractères, ex. 93010000AS0167).')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  radius: optionalNumber(z.number().int().min(50, 'Rayon d’au moins 50 m.').max(2000, 'Rayon de 2 km au plus.')).transform(
    (v) => v ?? DEFAULT_ADDRESS_RADIUS,
  ),
});

export const parcelSchema = z.object({
  id: z.string(),
  insee: z.string(),
  commune: z.string(),
  section: z.string(),
  numero: z.string(),
  contenance: z.number().nullable(),
  geometry: z.unknown(),
});
export type ParcelDto = z.infer<typeof parcelSchema>;

const typedSummary = statSummarySchema.extend({ type: z.enum(PROPERTY_TYPES) });

export const dpeRecordSchema = z.object({
  numero: z.string(),
  date: z.string(),
  etiquetteDpe: z.string().nullable(),
  etiquetteGes: z.string().nullable(),
  typeBatiment: z.string().nullable(),
  surface: z.number().nullable(),
  anneeConstruction: z.number().nullable(),
  adresse: z.string().nullable(),
  distanceM: z.number(),
});

export const coproSchema = z.object({
  numero: z.string(),
  nom: z.string().nullable(),
  adresse: z.string().nullable(),
  lots: z.number().nullable(),
  lotsHabitation: z.number().nullable(),
  periodeConstruction: z.string().nullable(),
  /** Name of a professional syndic only (a volunteer syndic is a private person). */
  syndic: z.string().nullable(),
  onParcel: z.boolean(),
  distanceM: z.number().nullable(),
});

export const sourceFreshnessSchema = z.object({
  source: z.string(),
  label: z.string(),
  importedAt: z.string().nullable(),
  vintage: z.string().nullable(),
});

export const addressAnalysisSchema = z.object({
  point: z.object({ lon: z.number(), lat: z.number() }),
  parcel: parcelSchema.nullable(),
  parcelSales: z.array(transactionSchema),
  radius: z.number(),
  nearby: z.object({ total: z.number().int(), items: z.array(transactionSchema) }),
  /** Period of the statistics by type (the last 12 months of data). */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Period of the monthly trend and of the sales around (five years). */
  trendPeriod: z.object({ from: z.string(), to: z.string() }),
  /** With its postcodes: the page names it « Bondy (93140) », not by its INSEE code. */
  commune: z.object({ insee: z.string(), nom: z.string(), codesPostaux: z.array(z.string()) }).nullable(),
  communeStats: z.array(typedSummary),
  radiusStats: z.array(typedSummary),
  /** Monthly €/m² of the commune over the period, per type (flats and houses). */
  trend: z.array(z.object({ type: z.enum(PROPERTY_TYPES), monthly: z.array(monthlyStatSchema) })),
  dpe: z.array(dpeRecordSchema),
  copros: z.array(coproSchema),
  /** Rent references of the commune (Carte des loyers), newest edition of each dwelling type. */
  rents: z.array(rentReferenceSchema).default([]),
  freshness: z.object({ lastMutationDate: z.string().nullable(), sources: z.array(sourceFreshnessSchema) }),
});
export type AddressAnalysis = z.infer<typeof addressAnalysisSchema>;

/**
 * `?position=ban` of the address analysis: the point is an address or a street of the BAN (picked in
 * a field, or saved so), and the map credits the BAN for it. A clicked point or a portal's point has none.
 */
export const PLACED_BY_BAN_POSITION = 'ban';

/** The address analysis at a point: every page that opens it writes its link here. */
export function addressAnalysisUrl(p: {
  lat: number;
  lon: number;
  address?: string | null;
  parcel?: string | null;
  placedByBan?: boolean | null;
}): string {
  const q = new URLSearchParams();
  if (p.address) q.set('adresse', p.address);
  q.set('lat', String(p.lat));
  q.set('lon', String(p.lon));
  if (p.parcel) q.set('parcelle', p.parcel);
  if (p.placedByBan) q.set('position', PLACED_BY_BAN_POSITION);
  return `/pro/analyseadresse?${q}`;
}

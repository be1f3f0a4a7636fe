/**
 * Contracts of the value opinion (avis de valeur) API: the subject property, the agent's edits,
 * the comparables with each widening step, the estimate, the saved opinions and the agency
 * branding printed on the report.
 */
import { z } from 'zod';
import { propertyRentSchema } from '../rents/contracts.js';
import { confidenceSchema } from './confidence.logic.js';
import { INSEE_PATTERN, isoDateSchema } from './contracts.js';
import { Dec, roundTo } from './decimal.js';
import { opinionMarginSchema, opinionPricingSchema } from './opinion-pricing.logic.js';

export const DPE_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
/** Types a value opinion estimates (the statistics' single-property types). */
export const SUBJECT_TYPES = ['appartement', 'maison', 'local'] as const;

export const subjectSchema = z.object({
  /** The address as the agent chose it, e.g. « 139 Avenue Carnot 93140 Bondy ». */
  label: z.string().trim().min(3, 'Adresse requise.').max(200, 'Adresse trop longue.'),
  lon: z.number({ error: 'Choisissez l’adresse dans la liste pour la situer.' }).min(-180).max(180),
  lat: z.number({ error: 'Choisissez l’adresse dans la liste pour la situer.' }).min(-90).max(90),
  insee: z.string().regex(INSEE_PATTERN, 'Commune inconnue\u00a0: choisissez l’adresse dans la liste.'),
  type: z.enum(SUBJECT_TYPES, { error: 'Type de bien\u00a0: appartement, maison ou local.' }),
  surface: z.number({ error: 'Surface habitable requise.' }).min(5, 'Surface d’au moins 5 m².').max(2000, 'Surface de 2 000 m² au plus.'),
  rooms: z.number().int('Nombre de pièces entier.').min(0).max(30).nullable().default(null),
  landSurface: z.number().min(0).max(1_000_000).nullable().default(null),
  dpe: z.enum(DPE_CLASSES, { error: 'Classe DPE de A à G.' }).nullable().default(null),
  notes: z.string().max(2000, 'Notes de 2 000 caractères au plus.').default(''),
  /**
   * The Base Adresse Nationale placed the point (an address or a street picked in the field), not a
   * parcel's centroid nor a commune's centre: the map credits the BAN only then. Opinions saved
   * before it was kept read as false.
   */
  placedByBan: z.boolean({ error: 'Origine du point attendue (vrai ou faux).' }).default(false),
});
export type Subject = z.infer<typeof subjectSchema>;

const idList = z.array(z.string().min(1).max(200)).max(100).default([]);

export const ADJUSTMENT_LIMIT_PCT = 50;

/** The agent's adjustment of the estimate, in percent (−50 to +50). */
const adjustmentPctSchema = z
  .number()
  .min(-ADJUSTMENT_LIMIT_PCT, `Ajustement de −${ADJUSTMENT_LIMIT_PCT}\u00a0% au plus.`)
  .max(ADJUSTMENT_LIMIT_PCT, `Ajustement de +${ADJUSTMENT_LIMIT_PCT}\u00a0% au plus.`)
  .default(0);

/** `POST /api/estimates`: comparables and estimate of a subject, after the agent's removals and additions. */
export const estimateRequestSchema = z.object({
  subject: subjectSchema,
  /** Reference date of the search (default: the newest sale imported for the commune); sales after it are ignored. */
  asOf: isoDateSchema.optional(),
  excluded: idList,
  added: idList,
  /** The agent's adjustment: the margin is computed against the value it gives. */
  adjustmentPct: adjustmentPctSchema,
  /** The seller's asking price, fees included or net seller (absent: no margin). */
  pricing: opinionPricingSchema.nullish(),
});
export type EstimateRequest = z.input<typeof estimateRequestSchema>;

export const comparableSchema = z.object({
  id: z.string(),
  address: z.string(),
  commune: z.string(),
  date: z.string(),
  type: z.enum(SUBJECT_TYPES),
  price: z.number(),
  surface: z.number(),
  rooms: z.number().nullable(),
  pricePerM2: z.number(),
  distanceM: z.number(),
  lon: z.number(),
  lat: z.number(),
  /** Added by the agent (not found by the method). */
  added: z.boolean(),
});
export type ComparableDto = z.infer<typeof comparableSchema>;

export const stepSchema = z.object({ radiusM: z.number().nullable(), months: z.number(), found: z.number().int() });

export const estimateSchema = z.object({
  count: z.number().int(),
  pricePerM2: z.object({ median: z.number(), p25: z.number(), p75: z.number() }),
  value: z.number(),
  low: z.number(),
  high: z.number(),
});

export const estimateResponseSchema = z.object({
  subject: subjectSchema,
  asOf: z.string(),
  /** Every widening step tried; the last one is the one used. */
  steps: z.array(stepSchema),
  used: z.object({ radiusM: z.number().nullable(), months: z.number(), from: z.string(), to: z.string() }),
  /** The comparables kept: found by the method (minus removals) plus the agent's additions. */
  comparables: z.array(comparableSchema),
  /** Other similar sales the agent may add (nearest first). */
  candidates: z.array(comparableSchema),
  /**
   * The subject's own earlier sales (same parcel or address, close surface), newest first: shown
   * apart, never counted as comparables. Opinions saved before they were told apart read as none.
   */
  previousSales: z.array(comparableSchema).default([]),
  excluded: z.array(z.string()),
  added: z.array(z.string()),
  /** Null under 3 comparables: the method never estimates on fewer. */
  estimate: estimateSchema.nullable(),
  /**
   * The commune's Carte des loyers for a flat or a house: the subject's monthly rent at the reference
   * and the gross yield at the estimate (`reference` null when none is imported); null for a
   * business premises. Opinions saved before the rents read as null.
   */
  rent: propertyRentSchema.nullable().default(null),
  /**
   * The asking price against the value retained, net of the agency's fees when it includes them
   * (null without an asking price or an estimate). Opinions saved before it read as null.
   */
  margin: opinionMarginSchema.nullable().default(null),
  /** « Fiabilité bonne / moyenne / faible »: measured error, comparables and their spread (decision 1430). */
  confidence: confidenceSchema.nullable().default(null),
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

/** A value opinion to save (the server recomputes the comparables; it never trusts a sent result). */
export const saveOpinionSchema = z.object({
  subject: subjectSchema,
  asOf: isoDateSchema.optional(),
  excluded: idList,
  added: idList,
  adjustmentPct: adjustmentPctSchema,
  pricing: opinionPricingSchema.nullish(),
  comment: z.string().max(5000, 'Commentaire de 5 000 caractères au plus.').default(''),
});
export type SaveOpinionRequest = z.input<typeof saveOpinionSchema>;

export const savedOpinionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  adjustmentPct: z.number(),
  comment: z.string(),
  /** The agent's final value: estimate × (1 + adjustment), to the euro; null without estimate. */
  finalValue: z.number().nullable(),
  hasPhoto: z.boolean(),
  result: estimateResponseSchema,
});
export type SavedOpinion = z.infer<typeof savedOpinionSchema>;

export const opinionSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(SUBJECT_TYPES),
  surface: z.number(),
  finalValue: z.number().nullable(),
  createdAt: z.string(),
});

/** The agency printed on the reports. */
export const agencySchema = z.object({
  name: z.string().trim().max(120, 'Nom de 120 caractères au plus.').default(''),
  /** Address, phone, e-mail, one per line. */
  contact: z.string().trim().max(500, 'Coordonnées de 500 caractères au plus.').default(''),
  /** Who signs the reports; kept as stored when not sent (the letters' form sends name and contact only). */
  agentName: z.string().trim().max(120, 'Nom du signataire de 120 caractères au plus.').optional(),
  /** The town of « Fait à …, le … » on the reports; kept as stored when not sent. */
  city: z.string().trim().max(80, 'Ville de 80 caractères au plus.').optional(),
});
export type Agency = z.infer<typeof agencySchema>;
// Read with a default: an agency stored before the signature fields has neither.
export const agencyResponseSchema = agencySchema.extend({
  agentName: z.string().default(''),
  city: z.string().default(''),
  hasLogo: z.boolean(),
});

/** Images accepted for the subject's photo and the agency logo. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The agent's final value: the estimate adjusted by a percentage, to the euro (half up). */
export function adjustedValue(value: number, adjustmentPct: number): number {
  return roundTo(new Dec(value).times(new Dec(100).plus(adjustmentPct)).div(100));
}

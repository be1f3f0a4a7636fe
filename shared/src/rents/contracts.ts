/**
 * Contracts of the rent references (`GET /api/rents`): the « Carte des loyers » of ANIL and the
 * ministère du Logement, a predicted advertised rent per m² and month (charges included) for each
 * commune and dwelling type, with its 95 % prediction interval.
 */
import { z } from 'zod';
import { INSEE_PATTERN } from '../market/insee.js';

/** The dwelling types of the Carte des loyers: one file each. */
export const RENT_DWELLINGS = ['appartement', 'appartement-t1-t2', 'appartement-t3-plus', 'maison'] as const;
export type RentDwelling = (typeof RENT_DWELLINGS)[number];

export const RENT_DWELLING_LABELS: Record<RentDwelling, string> = {
  appartement: 'Appartements',
  'appartement-t1-t2': 'Appartements de 1 ou 2 pièces',
  'appartement-t3-plus': 'Appartements de 3 pièces et plus',
  maison: 'Maisons',
};

export const rentQuerySchema = z.object({
  insee: z
    .string({ error: 'Le paramètre insee (code INSEE de la commune) est obligatoire.' })
    .trim()
    .toUpperCase()
    .regex(INSEE_PATTERN, 'Code INSEE invalide (5 caractères, ex. 69388).'),
  type: z.enum(RENT_DWELLINGS, { error: `Type de logement\u00a0: ${RENT_DWELLINGS.join(', ')}.` }).optional(),
  edition: z
    .string()
    .trim()
    .regex(/^20\d{2}$/, 'Édition de la Carte des loyers\u00a0: une année (ex. 2024).')
    .optional(),
});
export type RentQuery = z.infer<typeof rentQuerySchema>;

export const rentReferenceSchema = z.object({
  insee: z.string(),
  commune: z.string(),
  dwelling: z.enum(RENT_DWELLINGS),
  /** Year of the edition, null when the imported file's name did not say it. */
  edition: z.string().nullable(),
  /** Predicted rent, €/m² a month, charges included. */
  rentM2: z.number(),
  /** 95 % prediction interval, €/m² a month. */
  lowM2: z.number().nullable(),
  highM2: z.number().nullable(),
  /** `commune`: from the commune's own ads; `maille`: from the group of communes around it. */
  predictionLevel: z.string().nullable(),
  observationsCommune: z.number().int().nullable(),
  observationsZone: z.number().int().nullable(),
  r2Adjusted: z.number().nullable(),
});
export type RentReference = z.infer<typeof rentReferenceSchema>;

export const rentsResponseSchema = z.object({
  insee: z.string(),
  /** The newest edition of each dwelling type (or the edition asked), in the order of RENT_DWELLINGS. */
  references: z.array(rentReferenceSchema),
});
export type RentsResponse = z.infer<typeof rentsResponseSchema>;

/** A monthly rent in euros with its interval (from the reference's), to the euro. */
export const rentRangeSchema = z.object({ rent: z.number(), low: z.number().nullable(), high: z.number().nullable() });

/** A gross yield (ratio: 0.045 for 4,5 %) with its interval. */
export const yieldRangeSchema = z.object({ gross: z.number(), low: z.number().nullable(), high: z.number().nullable() });

/** An asking rent against the reference (see `compareAskingRent`). */
export const rentComparisonSchema = z.object({
  askingM2: z.number(),
  gap: z.number(),
  withinInterval: z.boolean().nullable(),
  sentence: z.string(),
});

/**
 * What the rent references say of one listing or property: the commune's reference for its
 * dwelling type (null when none is imported), a rental's asking rent against it, a sale's monthly
 * rent at the reference and its gross yield at the asking price (or the estimated value).
 */
export const propertyRentSchema = z.object({
  reference: rentReferenceSchema.nullable(),
  comparison: rentComparisonSchema.nullable(),
  monthly: rentRangeSchema.nullable(),
  grossYield: yieldRangeSchema.nullable(),
});
export type PropertyRent = z.infer<typeof propertyRentSchema>;

/**
 * Contracts of the market API (`/api/market/*`): query schemas the server validates, response
 * schemas the browser validates, and the types inferred from them. Messages are French: they are
 * shown as they are when a request is refused.
 */
import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date.js';
import { rentReferenceSchema } from '../rents/contracts.js';
import { NATURES, PROPERTY_TYPES, STAT_NATURES } from './dvf.js';
import { INSEE_PATTERN } from './insee.js';

/** An empty query value (`?radius=`) means "not given", never 0. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const isoDateSchema = calendarDateSchema();

/**
 * The largest number a query filter takes (surfaces, prices, counts): a milliard fits every integer
 * column, where `9999999999999999999999` made PostgreSQL refuse the statement (a 500).
 */
export const QUERY_NUMBER_MAX = 1_000_000_000;

export const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(blankToUndefined, z.coerce.number().min(-QUERY_NUMBER_MAX).max(QUERY_NUMBER_MAX).pipe(schema).optional());

/** `maison,appartement` → ['maison', 'appartement']; an unknown value is refused by name. */
export function commaList<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim())) : v),
    z
      .array(
        z.enum(values, { error: (issue) => `${what} inconnu·e\u00a0: « ${String(issue.input)} » (valeurs\u00a0: ${values.join(', ')}).` }),
      )
      .min(1)
      .transform((list) => [...new Set(list)])
      .optional(),
  );
}

/** Re-exported: the contracts that name communes take it from here. */
export { INSEE_PATTERN };
/** `code_section`: INSEE (5) + prefix (3) + section (2), e.g. `93010000AS`. */
export const SECTION_PATTERN = /^(\d{5}|2[AB]\d{3})\d{3}[0-9A-Z]{2}$/;
export const PARCEL_PATTERN = /^(\d{5}|2[AB]\d{3})\d{3}[0-9A-Z]{2}\d{4}$/;

const codeList = (pattern: RegExp, message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim().toUpperCase())) : v),
    z.array(z.string().regex(pattern, message)).min(1).max(max, `Au plus ${max} codes.`).optional(),
  );

export const MAX_RADIUS_M = 10_000;

/**
 * A zone of the market analysis: one or several communes, one or several cadastral sections, or
 * a radius around a point (an address). Exactly one of the three.
 */
export const zoneFields = {
  insee: codeList(INSEE_PATTERN, 'Code INSEE invalide (5 caractères, ex. 93010).', 30),
  section: codeList(SECTION_PATTERN, 'Section cadastrale invalide (10 caractères, ex. 93010000AS).', 50),
  lat: optionalNumber(z.number().min(-90).max(90)),
  lon: optionalNumber(z.number().min(-180).max(180)),
  radius: optionalNumber(
    z.number().int('Rayon en mètres entiers.').min(50, 'Rayon d’au moins 50 m.').max(MAX_RADIUS_M, 'Rayon de 10 km au plus.'),
  ),
};

export type Zone =
  | { kind: 'communes'; insee: string[] }
  | { kind: 'sections'; sections: string[] }
  | { kind: 'radius'; lat: number; lon: number; radius: number };

interface ZoneInput {
  insee?: string[] | undefined;
  section?: string[] | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
  radius?: number | undefined;
}

/** The zone a validated query names, or a French message saying what is missing. */
export function zoneOf(q: ZoneInput): Zone | string {
  const given = [q.insee ? 1 : 0, q.section ? 1 : 0, q.lat !== undefined || q.lon !== undefined || q.radius !== undefined ? 1 : 0];
  const count = given.reduce((a, b) => a + b, 0);
  if (count === 0)
    return 'Indiquez une zone\u00a0: commune (insee), section cadastrale (section) ou rayon autour d’un point (lat, lon, radius).';
  if (count > 1) return 'Une seule zone à la fois\u00a0: commune, section ou rayon.';
  if (q.insee) return { kind: 'communes', insee: q.insee };
  if (q.section) return { kind: 'sections', sections: q.section };
  if (q.lat === undefined || q.lon === undefined || q.radius === undefined) return 'Un rayon demande lat, lon et radius.';
  return { kind: 'radius', lat: q.lat, lon: q.lon, radius: q.radius };
}

const statNatures = STAT_NATURES as unknown as readonly ['vente', 'vefa', 'adjudication'];

/** Types and natures of the statistics; defaults: flats and houses, the three natures of sale. */
export const DEFAULT_STAT_TYPES = ['maison', 'appartement'] as const;

export const statFilterFields = {
  /** Absent: the default period, which ends at the newest sale of the zone (period.logic.ts). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  types: commaList(PROPERTY_TYPES, 'Type de bien').transform((v) => v ?? [...DEFAULT_STAT_TYPES]),
  natures: commaList(statNatures, 'Nature de mutation').transform((v) => v ?? [...statNatures]),
};

function checkPeriod(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fin de période précède son début.' });
}

function checkZone(q: ZoneInput, ctx: z.RefinementCtx) {
  const zone = zoneOf(q);
  if (typeof zone === 'string') ctx.addIssue({ code: 'custom', path: ['zone'], message: zone });
}

export const marketStatsQuerySchema = z
  .object({
    ...zoneFields,
    ...statFilterFields,
    /** The address a radius is drawn around, as the agent picked it: the report's title names it. */
    adresse: z.string().trim().max(300, 'Adresse de 300 caractères au plus.').optional(),
  })
  .superRefine(checkZone)
  .superRefine(checkPeriod);
export type MarketStatsQuery = z.infer<typeof marketStatsQuerySchema>;

const rangeSchema = z.object({ min: z.number(), max: z.number() });
export const boundsSchema = z.object({
  price: rangeSchema,
  surface: z.object({ maison: rangeSchema.nullable(), appartement: rangeSchema.nullable(), local: rangeSchema.nullable() }),
  pricePerM2: rangeSchema,
});

export const statSummarySchema = z.object({
  count: z.number().int(),
  median: z.number().nullable(),
  mean: z.number().nullable(),
  q1: z.number().nullable(),
  q3: z.number().nullable(),
});
export type StatSummaryDto = z.infer<typeof statSummarySchema>;

export const monthlyStatSchema = statSummarySchema.extend({ month: z.string() });

/** A commune as the pages name it (`commune-label.ts`): with its postcodes, or, for a former commune, the commune it is part of. */
export const communeNamingSchema = z.object({
  insee: z.string(),
  nom: z.string(),
  codesPostaux: z.array(z.string()),
  mergedInto: z.object({ insee: z.string(), nom: z.string() }).optional(),
});

export const zoneDtoSchema = z.object({
  kind: z.enum(['communes', 'sections', 'radius']),
  /** French label, e.g. « Bondy (93140) » (postcodes, never the INSEE code) or « Rayon de 500 m autour de … ». */
  label: z.string(),
  /** With their postcodes: the report names a section's commune « Bondy (93140) ». */
  communes: z.array(communeNamingSchema),
});

export const freshnessSchema = z.object({
  /** Last mutation date of the DVF loaded for the zone's communes (`YYYY-MM-DD`), null without data. */
  lastMutationDate: z.string().nullable(),
  /** When the last DVF import of these communes finished (ISO timestamp). */
  importedAt: z.string().nullable(),
});

/** `GET /api/market/stats`: the figures of METHODOLOGY §1 for a zone and a period. */
export const marketStatsResponseSchema = statSummarySchema.extend({
  zone: zoneDtoSchema,
  from: z.string(),
  to: z.string(),
  /** True when the query gave no period and the server chose it (period.logic.ts). */
  defaultPeriod: z.boolean(),
  types: z.array(z.enum(PROPERTY_TYPES)),
  natures: z.array(z.enum(NATURES)),
  bounds: boundsSchema,
  monthly: z.array(monthlyStatSchema),
  freshness: freshnessSchema,
});
export type MarketStatsResponse = z.infer<typeof marketStatsResponseSchema>;

export const histogramSchema = z.object({
  width: z.number(),
  bins: z.array(
    z.object({ lower: z.number(), upper: z.number(), openBelow: z.boolean(), openAbove: z.boolean(), count: z.number().int() }),
  ),
});

export const ROOM_BANDS = ['1', '2', '3', '4', '5+'] as const;

/** `GET /api/market/analysis`: the whole market report of `/pro/analysemarche` and its print route. */
/** Communes of a zone whose rent references the market analysis lists (a radius may touch many). */
export const MAX_RENT_COMMUNES = 5;

export const marketAnalysisResponseSchema = z.object({
  zone: zoneDtoSchema,
  from: z.string(),
  to: z.string(),
  /** True when the query gave no period and the server chose it (period.logic.ts). */
  defaultPeriod: z.boolean(),
  types: z.array(z.enum(PROPERTY_TYPES)),
  natures: z.array(z.enum(NATURES)),
  bounds: boundsSchema,
  overall: statSummarySchema,
  byType: z.array(statSummarySchema.extend({ type: z.enum(PROPERTY_TYPES) })),
  byRooms: z.array(statSummarySchema.extend({ rooms: z.enum(ROOM_BANDS) })),
  monthly: z.array(monthlyStatSchema),
  histogram: histogramSchema.nullable(),
  /** Median €/m² per cadastral section of the zone, placed at the centroid of its sales. */
  /** `outlined`: the section's outline is known; without it the map puts its median at the mean position of its sales. */
  sections: z.array(
    statSummarySchema.extend({ code: z.string(), section: z.string(), lon: z.number(), lat: z.number(), outlined: z.boolean() }),
  ),
  /** The same figures over the communes and départements of the zone, for comparison. */
  comparisons: z.array(statSummarySchema.extend({ level: z.enum(['commune', 'departement']), code: z.string(), label: z.string() })),
  /**
   * The Carte des loyers of the zone's first communes (at most MAX_RENT_COMMUNES): each commune's
   * newest reference by dwelling type, none when it is not imported.
   */
  rents: z.array(z.object({ insee: z.string(), name: z.string(), references: z.array(rentReferenceSchema) })).default([]),
  freshness: freshnessSchema,
});
export type MarketAnalysis = z.infer<typeof marketAnalysisResponseSchema>;

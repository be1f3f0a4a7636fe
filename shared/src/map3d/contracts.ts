/**
 * The 3D price map (`/pro/test/carte3dsimple`, `/pro/test/carte3d%20combinee`): per cadastral
 * section of a commune, the median €/m² of the sales of the period; and, for the combined map,
 * the individual sales and DPE as points. Periods end at the newest sale held by default; `from`
 * and `to` are asked as months (AAAA-MM) and answered as days.
 */
import { z } from 'zod';

const month = z.string().regex(/^\d{4}-\d{2}$/, 'Mois attendu au format AAAA-MM.');

export const map3dQuerySchema = z.object({
  commune: z
    .string()
    .regex(/^(\d{5}|2[AB]\d{3})$/, 'Code INSEE de commune attendu (5 caractères).')
    .optional(),
  from: month.optional(),
  to: month.optional(),
});
export type Map3dQuery = z.infer<typeof map3dQuerySchema>;

export const sectionPriceSchema = z.object({
  code: z.string(),
  section: z.string(),
  sales: z.number().int(),
  median: z.number().nullable(),
});

export const map3dResponseSchema = z.object({
  /** The communes whose sections are loaded, with their postcodes: the field names them « Bondy (93140) ». */
  communes: z.array(z.object({ code: z.string(), name: z.string(), codesPostaux: z.array(z.string()), sales: z.number().int() })),
  commune: z.string().nullable(),
  /** The period, ISO dates (`2019-12-31` to `2022-12-30`), null when the commune has no sale. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The newest sale held for the commune, where the default period ends. */
  newest: z.string().nullable(),
  /** No period asked: the default one (map3dPeriod). */
  defaultPeriod: z.boolean(),
  /** GeoJSON FeatureCollection of section polygons, properties = sectionPriceSchema. */
  sections: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.any()) }),
  /**
   * Combined map only. `outlier`: outside the plausibility bounds (METHODOLOGY §1.6), left out of
   * the section medians and drawn apart.
   */
  sales: z.array(
    z.object({ lon: z.number(), lat: z.number(), price: z.number(), pricePerM2: z.number(), date: z.string(), outlier: z.boolean() }),
  ),
  dpe: z.array(z.object({ lon: z.number(), lat: z.number(), label: z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']) })),
});
export type Map3dResponse = z.infer<typeof map3dResponseSchema>;

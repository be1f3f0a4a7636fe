/**
 * Building permits around a parcel or a point (Sitadel, `GET /api/parcels/:id/permits`,
 * `GET /api/permits?lat=&lon=`, subscribers): each authorisation whose first cadastral parcel lies
 * within the radius, newest first. Sitadel gives no coordinates: a permit is placed at the centroid
 * of its parcel, so only the permits of communes whose cadastre is imported can be placed.
 */
import { z } from 'zod';

export const PERMIT_RADIUS_M = 500;
/** Permits listed at most: a dense centre has hundreds within 500 m over ten years. */
export const PERMIT_LIMIT = 200;

export const PERMIT_LISTS = ['logements', 'locaux', 'amenager', 'demolir'] as const;
export type PermitList = (typeof PERMIT_LISTS)[number];

export const PERMIT_LIST_LABELS: Record<PermitList, string> = {
  logements: 'Création de logements',
  locaux: 'Création de locaux non résidentiels',
  amenager: 'Permis d’aménager',
  demolir: 'Permis de démolir',
};

export const PERMIT_KIND_LABELS: Record<string, string> = {
  PC: 'Permis de construire',
  DP: 'Déclaration préalable',
  PA: 'Permis d’aménager',
  PD: 'Permis de démolir',
};

/** Sitadel's ETAT_DAU / ETAT_PA / ETAT_PD. */
export const PERMIT_STATUS_LABELS: Record<number, string> = {
  2: 'Autorisé',
  4: 'Annulé',
  5: 'Chantier commencé',
  6: 'Travaux terminés',
};

export const permitsQuerySchema = z.object({
  lat: z.coerce.number().min(-90, 'Latitude invalide.').max(90, 'Latitude invalide.'),
  lon: z.coerce.number().min(-180, 'Longitude invalide.').max(180, 'Longitude invalide.'),
  rayon: z.coerce
    .number()
    .int('Rayon en mètres entiers.')
    .min(50, 'Rayon de 50 m au moins.')
    .max(2000, 'Rayon de 2 000 m au plus.')
    .default(PERMIT_RADIUS_M),
  /** Authorised on or after this day (`YYYY-MM-DD`). */
  depuis: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ.')
    .optional(),
});
export type PermitsQuery = z.infer<typeof permitsQuerySchema>;

export const permitSchema = z.object({
  list: z.enum(PERMIT_LISTS),
  id: z.string(),
  kind: z.string(),
  status: z.number().nullable(),
  authorisedOn: z.string().nullable(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  /** A legal entity's name (Sitadel gives no private applicant's); null when none. */
  applicant: z.string().nullable(),
  address: z.string().nullable(),
  parcelId: z.string(),
  landArea: z.number().nullable(),
  dwellings: z.number().nullable(),
  /** Floor area created, in m²: housing for the dwellings list, premises for the others. */
  housingArea: z.number().nullable(),
  premisesArea: z.number().nullable(),
  demolishedDwellings: z.number().nullable(),
  distanceM: z.number(),
});
export type Permit = z.infer<typeof permitSchema>;

export const permitsSchema = z.object({
  radiusM: z.number(),
  /** Whether any Sitadel list was imported for this commune. */
  loaded: z.boolean(),
  permits: z.array(permitSchema),
  /** More permits than listed lie within the radius. */
  truncated: z.boolean(),
});
export type Permits = z.infer<typeof permitsSchema>;

/**
 * The permit search (`GET /api/permits/search`, the « Permis » section of the market analysis and
 * the parcel sheet): the permits of a commune, by authorisation period, list, kind, housing units
 * created and cadastral section and number. The same schema validates a saved permit search.
 */
export const PERMIT_SEARCH_LIMIT = 200;

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ.')
  .optional();

export const permitSearchQuerySchema = z
  .object({
    /** INSEE code of the commune (Paris, Lyon, Marseille: an arrondissement's code). */
    commune: z
      .string({ error: 'Choisissez une commune.' })
      .trim()
      .regex(/^(\d{2}|2A|2B)\d{3}$/i, 'Code INSEE invalide (5 caractères, par exemple 31555).')
      .transform((s) => s.toUpperCase()),
    /** Authorised on or after / on or before this day. */
    du: dateParam,
    au: dateParam,
    liste: z.enum(PERMIT_LISTS, { error: 'Liste de permis inconnue.' }).optional(),
    type: z.enum(['PC', 'DP', 'PA', 'PD'], { error: 'Type d’autorisation inconnu (PC, DP, PA ou PD).' }).optional(),
    logementsMin: z.coerce
      .number({ error: 'Nombre de logements invalide.' })
      .int('Nombre de logements entier.')
      .min(1, 'Au moins 1 logement.')
      .max(100000, 'Nombre de logements trop grand.')
      .optional(),
    /** Cadastral section (« AB », « 0A ») and number of the permit's parcels (any of its three). */
    section: z
      .string()
      .trim()
      .regex(/^[0-9A-Z]{1,2}$/i, 'Section cadastrale invalide (1 ou 2 caractères, par exemple AB).')
      .transform((s) => s.toUpperCase().padStart(2, '0'))
      .optional(),
    numero: z.coerce
      .number({ error: 'Numéro de parcelle invalide.' })
      .int('Numéro de parcelle entier.')
      .min(1, 'Numéro de parcelle invalide.')
      .max(9999, 'Numéro de parcelle invalide.')
      .optional(),
  })
  .refine((q) => !q.du || !q.au || q.du <= q.au, { path: ['au'], message: 'La fin de la période précède son début.' })
  .refine((q) => q.numero === undefined || q.section !== undefined, {
    path: ['section'],
    message: 'Donnez la section avec le numéro de parcelle.',
  });
export type PermitSearchQuery = z.infer<typeof permitSearchQuerySchema>;

export const searchedPermitSchema = permitSchema.omit({ distanceM: true }).extend({
  /** The first parcel; null when Sitadel gives none. */
  parcelId: z.string().nullable(),
  /** Every parcel of the authorisation (Sitadel gives up to three). */
  parcelIds: z.array(z.string()),
});
export type SearchedPermit = z.infer<typeof searchedPermitSchema>;

export const permitSearchSchema = z.object({
  /** Whether any Sitadel list was imported for this commune. */
  loaded: z.boolean(),
  total: z.number(),
  /** Sum of the housing units created by the permits found (the « logements » list). */
  dwellings: z.number(),
  permits: z.array(searchedPermitSchema),
  truncated: z.boolean(),
});
export type PermitSearch = z.infer<typeof permitSearchSchema>;

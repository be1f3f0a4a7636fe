/**
 * Contracts of the open-data API, shared by the server and the browser: address and place search
 * (`/api/geocode`, `/api/reverse`), data freshness (`/api/data/freshness`) and the administrators'
 * import runs (`/api/admin/imports`).
 */
import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date.js';
import { landFilterShape } from '../land/contracts.js';
import { legalFormPatterns } from '../owners/legal-form-choices.logic.js';
import { OWNER_GROUPS } from '../owners/legal-forms.logic.js';

export const geocodeQuerySchema = z.object({
  q: z
    .string({ error: 'Le paramètre q (texte recherché) est obligatoire.' })
    .trim()
    .min(2, 'Tapez au moins deux caractères.')
    .max(200, 'La recherche ne doit pas dépasser 200 caractères.'),
  limit: z.coerce
    .number()
    .int('limit doit être un entier.')
    .min(1, 'limit doit valoir au moins 1.')
    .max(20, 'limit ne doit pas dépasser 20.')
    .default(5),
});

export const reverseQuerySchema = z.object({
  lat: z.coerce
    .number({ error: 'lat doit être un nombre.' })
    .min(-90, 'lat doit être entre -90 et 90.')
    .max(90, 'lat doit être entre -90 et 90.'),
  lon: z.coerce
    .number({ error: 'lon doit être un nombre.' })
    .min(-180, 'lon doit être entre -180 et 180.')
    .max(180, 'lon doit être entre -180 et 180.'),
});

const geometrySchema = z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) });

export const parcelSchema = z.object({
  id: z.string(),
  codeCommune: z.string(),
  prefixe: z.string(),
  section: z.string(),
  numero: z.string(),
  /** Area in m². */
  contenance: z.number().nullable(),
  /** In the newest cadastre vintage imported (false: the parcel has since disappeared). */
  current: z.boolean(),
  centroid: z.object({ lon: z.number(), lat: z.number() }),
  /** [west, south, east, north] */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  geometry: geometrySchema,
});
export type Parcel = z.infer<typeof parcelSchema>;

export const geocodeResultSchema = z.object({
  type: z.enum(['adresse', 'voie', 'commune', 'parcelle']),
  /** Ready to show, e.g. "139 Avenue Carnot, 93140 Bondy". */
  label: z.string(),
  /** Relevance between 0 and 1. */
  score: z.number(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  source: z.enum(['ban', 'cadastre', 'communes', 'geoplateforme']),
  address: z
    .object({
      id: z.string().nullable(),
      numero: z.string().nullable(),
      nomVoie: z.string(),
      codePostal: z.string().nullable(),
      codeInsee: z.string().nullable(),
      commune: z.string(),
    })
    .nullable(),
  commune: z.object({ code: z.string(), nom: z.string(), codesPostaux: z.array(z.string()), departement: z.string() }).nullable(),
  parcel: parcelSchema.nullable(),
  /** Reverse geocoding: distance from the asked point, in metres. */
  distanceM: z.number().optional(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

export const geocodeResponseSchema = z.object({ query: z.string(), results: z.array(geocodeResultSchema) });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

export const OPEN_DATA_SOURCES = [
  'dvf',
  'dvf-raw',
  'cadastre',
  'dpe',
  'copro',
  'ban',
  'personnes-morales',
  'annonces',
  'loyers',
  'plu',
  'gaspar',
  'icpe',
  'basias',
  'sitadel',
  'batiments',
] as const;
export type OpenDataSource = (typeof OPEN_DATA_SOURCES)[number];

export const SOURCE_NAMES: Record<OpenDataSource, string> = {
  dvf: 'DVF géolocalisées (Etalab)',
  'dvf-raw': 'DVF brutes (DGFiP)',
  cadastre: 'Cadastre (parcelles Etalab)',
  dpe: 'DPE (ADEME)',
  copro: 'Copropriétés (RNIC)',
  ban: 'Adresses (BAN)',
  'personnes-morales': 'Propriétaires personnes morales (DGFiP)',
  annonces: 'Flux d’annonces (Bien’ici, PAP, SeLoger, leboncoin)',
  loyers: 'Carte des loyers (ANIL, ministère du Logement)',
  plu: 'Urbanisme (PLU / PLUi, Géoportail de l’Urbanisme)',
  gaspar: 'Risques par commune (GASPAR, Géorisques)',
  icpe: 'Installations classées (ICPE, Géorisques)',
  basias: 'Anciens sites industriels (BASIAS / CASIAS, BRGM)',
  sitadel: 'Autorisations d’urbanisme (Sitadel, SDES)',
  batiments: 'Bâtiments du cadastre (Etalab)',
};

export const freshnessSchema = z.object({
  /** Date of the most recent DVF mutation imported (`YYYY-MM-DD`), null when no DVF is loaded. */
  dvfLatestMutation: z.string().nullable(),
  sources: z.array(
    z.object({
      source: z.enum(OPEN_DATA_SOURCES),
      /** When the last successful import of this source finished (ISO date-time). */
      importedAt: z.string(),
      vintage: z.string().nullable(),
      /**
       * Each file of the source imported successfully, its last import only, newest first and
       * FRESHNESS_FILES at most (a département of DVF, a commune of the cadastre, a BAN file…).
       */
      files: z.array(z.object({ fileName: z.string(), importedAt: z.string(), vintage: z.string().nullable(), rows: z.number().int() })),
      /** Distinct files of the source imported, including those beyond `files`. */
      fileCount: z.number().int(),
    }),
  ),
});
/** Files listed per source in the freshness (the others are counted). */
export const FRESHNESS_FILES = 12;
export type Freshness = z.infer<typeof freshnessSchema>;

export const importRunSchema = z.object({
  id: z.number(),
  /** Null for a file refused before its source was recognised. */
  source: z.enum(OPEN_DATA_SOURCES).nullable(),
  fileName: z.string(),
  url: z.string().nullable(),
  vintage: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed', 'interrupted']),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  bytesTotal: z.number().nullable(),
  bytesRead: z.number(),
  rowsRead: z.number(),
  rowsKept: z.number(),
  rowsRejected: z.number(),
  /** The first 100 rejected rows. */
  rejects: z.array(z.object({ line: z.number(), reason: z.string() })),
  summary: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  error: z.string().nullable(),
  /** Reading the file (`lecture`) or writing it to the tables (`fusion`), while running. */
  phase: z.enum(['lecture', 'fusion']).nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

/** A job started from the admin page: downloads then imports, or one uploaded file. */
export const importJobSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  message: z.string().nullable(),
  startedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importRunsResponseSchema = z.object({ runs: z.array(importRunSchema), jobs: z.array(importJobSchema) });
export type ImportRunsResponse = z.infer<typeof importRunsResponseSchema>;

/** First year of the DVF files the app imports (the DGFiP publishes sales from 2014 on). */
export const DVF_FIRST_YEAR = 2014;

/**
 * The DVF years of an import (`2020-2024`, `2022`, `2020,2022`), or why they are refused, in
 * French. Checked by the admin form as it is typed, by the API and by the command line alike, so
 * a range the server would refuse never reaches a download.
 */
export function parseDvfYears(
  spec: string,
  currentYear = new Date().getFullYear(),
): { ok: true; years: number[] } | { ok: false; message: string } {
  const years = new Set<number>();
  for (const part of spec.split(',').map((s) => s.trim())) {
    const m = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
    if (!m) return { ok: false, message: `Années invalides «\u00a0${spec.trim()}\u00a0»\u00a0: écrivez par exemple 2020-2024 ou 2022.` };
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (to < from) return { ok: false, message: `Années dans l’ordre croissant, par exemple ${to}-${from}.` };
    if (from < DVF_FIRST_YEAR)
      return {
        ok: false,
        message: `Les données DVF commencent en ${DVF_FIRST_YEAR}\u00a0: choisissez des années à partir de ${DVF_FIRST_YEAR}.`,
      };
    if (to > currentYear)
      return { ok: false, message: `L’année ${to} n’est pas encore publiée\u00a0: choisissez des années jusqu’à ${currentYear}.` };
    for (let y = from; y <= to; y++) years.add(y);
  }
  return { ok: true, years: [...years].sort((a, b) => a - b) };
}

export const departementImportSchema = z.object({
  dep: z
    .string({ error: 'Indiquez un département.' })
    .trim()
    .toUpperCase()
    .regex(/^(\d{1,2}|2A|2B|97[1-6])$/, 'Département invalide (exemples\u00a0: 93, 2A, 971).'),
  years: z
    .string({ error: 'Années invalides (exemple\u00a0: 2020-2024).' })
    .trim()
    .superRefine((spec, ctx) => {
      const parsed = parseDvfYears(spec);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    })
    .optional(),
});

/** A parcel's surface in m² (the column is an integer): 100 km² is larger than any parcel. */
const SURFACE_MAX = 100_000_000;
const SURFACE_TOO_LARGE = 'Surface trop grande\u00a0: 100\u202f000\u202f000 m² au plus.';

/** Parcel search of `/pro/rechercheparcelle`: a commune (INSEE code or name), then optional filters. */
export const parcelSearchQuerySchema = z
  .object({
    /** Absent: « ma zone » when the user has one (the server says so otherwise). */
    commune: z
      .string({ error: 'Indiquez une commune (nom ou code INSEE).' })
      .trim()
      .min(2, 'Indiquez une commune (nom ou code INSEE).')
      .max(100, 'Nom de commune trop long.')
      .optional(),
    /** `zone=mine`: the parcels of the user's territory (« ma zone »): its communes, and those whose centre is in its drawing. */
    zone: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.enum(['mine'], { error: 'zone\u00a0: seule la valeur « mine » (ma zone) est possible.' }).optional(),
    ),
    section: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{1,2}$/, 'Section invalide (1 ou 2 caractères, ex. AS).')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    numero: z.coerce
      .number()
      .int('Numéro de parcelle invalide.')
      .min(1, 'Numéro de parcelle invalide.')
      .max(9999, 'Numéro de parcelle invalide.')
      .optional(),
    surfaceMin: z.coerce.number().min(0, 'La surface minimale doit être positive.').max(SURFACE_MAX, SURFACE_TOO_LARGE).optional(),
    surfaceMax: z.coerce.number().positive('La surface maximale doit être positive.').max(SURFACE_MAX, SURFACE_TOO_LARGE).optional(),
    anciennes: z
      .enum(['0', '1'])
      .optional()
      .transform((v) => v === '1'),
    /** Prospecting filters (legal-entity owners, sales, buildings). */
    ownerGroup: z.enum(OWNER_GROUPS, { error: 'Catégorie de propriétaire inconnue.' }).optional(),
    /** A choice of `LEGAL_FORM_CHOICES` (« sci », « sa-hlm »), or an INSEE code for saved searches and the API. */
    legalForm: z
      .string()
      .trim()
      .refine((v) => legalFormPatterns(v) !== null, 'Forme juridique inconnue (choisissez-la dans la liste, ex. SCI).')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    owner: z.string().trim().max(100, 'Nom ou SIREN trop long.').optional(),
    noSaleYears: z.coerce
      .number()
      .int('Nombre d’années invalide.')
      .min(1, 'Au moins 1 an sans vente.')
      .max(50, 'Au plus 50 ans sans vente.')
      .optional(),
    soldSince: calendarDateSchema('Date de vente invalide (AAAA-MM-JJ attendu).').optional(),
    built: z.enum(['oui', 'non'], { error: 'Bâti\u00a0: oui ou non.' }).optional(),
    /** Land filter: a Sitadel authorisation (since `permitsSince` when given) within this many metres of the parcel. */
    permitsWithin: z.coerce
      .number()
      .int('Distance des permis en mètres entiers.')
      .min(50, 'Permis à 50\u00a0m au moins.')
      .max(2000, 'Permis à 2\u202f000\u00a0m au plus.')
      .optional(),
    permitsSince: calendarDateSchema('Date des permis invalide (AAAA-MM-JJ attendu).').optional(),
    /** Land filters: main PLU zone, prescriptions, coverage by the buildings (shared/src/land). */
    ...landFilterShape,
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((q) => q.surfaceMin === undefined || q.surfaceMax === undefined || q.surfaceMin <= q.surfaceMax, {
    message: 'La surface minimale dépasse la surface maximale.',
    path: ['surfaceMin'],
  })
  .refine((q) => !(q.commune && q.zone), { message: 'Une commune ou ma zone, pas les deux.', path: ['zone'] })
  .refine((q) => q.coverageMin === undefined || q.coverageMax === undefined || q.coverageMin <= q.coverageMax, {
    message: 'La couverture minimale dépasse la couverture maximale.',
    path: ['coverageMin'],
  });
export type ParcelSearchQuery = z.input<typeof parcelSearchQuerySchema>;

export const parcelSearchResponseSchema = z.object({
  /** The commune searched, with its postcodes (the page names it « Bondy (93140) »); null when the search is « ma zone ». */
  commune: z
    .object({
      code: z.string(),
      nom: z.string(),
      codesPostaux: z.array(z.string()).default([]),
      /** A former commune (its parcels are in this commune nouvelle's cadastre, under its prefix). */
      mergedInto: z.object({ insee: z.string(), nom: z.string() }).optional(),
    })
    .nullable(),
  /** True when the parcels are those of « ma zone ». */
  mine: z.boolean().default(false),
  total: z.number(),
  sections: z.array(z.object({ section: z.string(), parcels: z.number() })),
  parcels: z.array(parcelSchema),
  /** Vintage of the commune's current cadastre, `YYYY-MM-DD`. */
  vintage: z.string().nullable(),
  /** Legal-entity owners (names) of the parcels listed, by parcel id. */
  owners: z.record(z.string(), z.array(z.string())).default({}),
  /** Date of the newest DVF sale loaded: « no sale since N years » counts back from it. */
  dvfLatest: z.string().nullable().default(null),
});
export type ParcelSearchResponse = z.infer<typeof parcelSearchResponseSchema>;

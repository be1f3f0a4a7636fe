/**
 * Contracts of the transactions API (`/api/transactions*`): the filters of /pro/transactions (the
 * same names as the page's URL, so a link reproduces the page), the list, the map points and the
 * whole mutation.
 */
import { z } from 'zod';
import { zoneQueryFields } from '../zone/contracts.js';
import { commaList, isoDateSchema, optionalNumber, PARCEL_PATTERN, zoneFields, zoneOf } from './contracts.js';
import { NATURE_LABELS, NATURES } from './dvf.js';
import type { PolygonGeometry } from './polygon.js';

/** Types a transaction can contain: built locals, dependencies, or bare land. */
export const TRANSACTION_TYPES = ['maison', 'appartement', 'local', 'dependance', 'terrain'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  maison: 'Maison',
  appartement: 'Appartement',
  local: 'Local commercial',
  dependance: 'Dépendance',
  terrain: 'Terrain seul',
};

/**
 * What a sale sold, in words. A sale in the state of future completion (VEFA) without a described
 * local is lots of a building still to be built, whose local the DGFiP does not describe: not land.
 */
export function transactionGoods(t: { types: readonly TransactionType[]; nature: string }): string {
  if (t.types.length === 1 && t.types[0] === 'terrain' && t.nature === NATURE_LABELS.vefa) return 'Lot en VEFA, local non décrit';
  return t.types.map((x) => TRANSACTION_TYPE_LABELS[x]).join(', ');
}

export const TRANSACTION_SORTS = ['date', 'prix', 'surface', 'prix_m2'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export const MAX_PAGE_SIZE = 200;
/** Most points sent to the map at once; beyond, the page asks to zoom in or narrow the filters. */
export const MAX_MAP_POINTS = 100_000;
/** Most rows of one CSV export. */
export const MAX_CSV_ROWS = 50_000;

const parcelList = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim().toUpperCase())) : v),
  z.array(z.string().regex(PARCEL_PATTERN, 'Parcelle invalide (14 caractères, ex. 93010000AS0167).')).min(1).max(50).optional(),
);

/** `west,south,east,north` in degrees. */
const bboxSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => Number(s)) : undefined),
  z
    .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)], {
      error: 'Emprise attendue\u00a0: ouest,sud,est,nord en degrés.',
    })
    .refine(([w, s, e, n]) => w < e && s < n, 'Emprise vide\u00a0: ouest < est et sud < nord.')
    .optional(),
);

/** A drawn area: `lon lat,lon lat,…` (at least 3 points, at most 200). */
const polygonSchema = z.preprocess(
  (v) =>
    typeof v === 'string' && v.trim() !== ''
      ? v.split(',').map((pair) =>
          pair
            .trim()
            .split(/\s+/)
            .map((s) => Number(s)),
        )
      : undefined,
  z
    .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]), { error: 'Zone dessinée\u00a0: « lon lat,lon lat,… ».' })
    .min(3, 'Une zone dessinée a au moins 3 points.')
    .max(200, 'Une zone dessinée a au plus 200 points.')
    .optional(),
);

export const transactionFilterFields = {
  ...zoneFields,
  parcelle: parcelList,
  bbox: bboxSchema,
  polygon: polygonSchema,
  /** `zone=mine`: the subscriber's territory (« ma zone »), the default once set when no place is named. */
  zone: zoneQueryFields.zone,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  natures: commaList(NATURES, 'Nature de mutation'),
  types: commaList(TRANSACTION_TYPES, 'Type de bien'),
  surfaceMin: optionalNumber(z.number().min(0)),
  surfaceMax: optionalNumber(z.number().min(0)),
  roomsMin: optionalNumber(z.number().int().min(0)),
  roomsMax: optionalNumber(z.number().int().min(0)),
  priceMin: optionalNumber(z.number().min(0)),
  priceMax: optionalNumber(z.number().min(0)),
  ppm2Min: optionalNumber(z.number().min(0)),
  ppm2Max: optionalNumber(z.number().min(0)),
};

export type TransactionPlace =
  | { kind: 'communes'; insee: string[] }
  | { kind: 'sections'; sections: string[] }
  | { kind: 'radius'; lat: number; lon: number; radius: number }
  | { kind: 'parcels'; parcels: string[] }
  | { kind: 'bbox'; bbox: [number, number, number, number] }
  | { kind: 'polygon'; polygon: [number, number][] }
  /** « Ma zone » once the server has read it: a drawn area and/or communes. */
  | { kind: 'territory'; geometry: PolygonGeometry | null; communes: string[] };

/** A place as a query names it: `mine` is resolved by the server into the user's territory. */
export type TransactionPlaceQuery = Exclude<TransactionPlace, { kind: 'territory' }> | { kind: 'mine' };

type FilterInput = z.infer<z.ZodObject<typeof transactionFilterFields>>;

/** Does the query name a place at all? Without one, the server uses « ma zone » when the user has one. */
export function namesPlace(q: FilterInput): boolean {
  return [q.insee, q.section, q.lat, q.lon, q.radius, q.parcelle, q.bbox, q.polygon, q.zone].some((v) => v !== undefined);
}

/** The one place of a query (a commune, sections, a radius, parcels, the map view, a drawn area or « ma zone »). */
export function placeOf(q: FilterInput): TransactionPlaceQuery | string {
  const others = [q.parcelle, q.bbox, q.polygon, q.zone].filter((v) => v !== undefined).length;
  const hasZone = q.insee || q.section || q.lat !== undefined || q.lon !== undefined || q.radius !== undefined;
  if (others + (hasZone ? 1 : 0) > 1)
    return 'Un seul lieu à la fois\u00a0: commune, section, parcelle, rayon, emprise, zone dessinée ou ma zone.';
  if (q.zone === 'mine') return { kind: 'mine' };
  if (q.parcelle) return { kind: 'parcels', parcels: q.parcelle };
  if (q.bbox) return { kind: 'bbox', bbox: q.bbox as [number, number, number, number] };
  if (q.polygon) return { kind: 'polygon', polygon: q.polygon as [number, number][] };
  return zoneOf(q);
}

function checks(q: FilterInput, ctx: z.RefinementCtx) {
  const place = placeOf(q);
  // No place at all is the server's to judge: it falls back on « ma zone » when the user has one.
  if (typeof place === 'string' && namesPlace(q)) ctx.addIssue({ code: 'custom', path: ['lieu'], message: place });
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fin de période précède son début.' });
  for (const [lo, hi, what] of [
    ['surfaceMin', 'surfaceMax', 'surface'],
    ['roomsMin', 'roomsMax', 'nombre de pièces'],
    ['priceMin', 'priceMax', 'prix'],
    ['ppm2Min', 'ppm2Max', 'prix au m²'],
  ] as const) {
    const a = q[lo];
    const b = q[hi];
    if (a !== undefined && b !== undefined && a > b)
      ctx.addIssue({ code: 'custom', path: [hi], message: `Fourchette de ${what} inversée.` });
  }
}

export const transactionFilterSchema = z.object(transactionFilterFields).superRefine(checks);
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const transactionListQuerySchema = z
  .object({
    ...transactionFilterFields,
    sort: z.enum(TRANSACTION_SORTS, { error: 'Tri inconnu.' }).default('date'),
    order: z.enum(['asc', 'desc'], { error: 'Ordre\u00a0: asc ou desc.' }).default('desc'),
    page: optionalNumber(z.number().int().min(1)).transform((v) => v ?? 1),
    pageSize: optionalNumber(z.number().int().min(1).max(MAX_PAGE_SIZE, `Au plus ${MAX_PAGE_SIZE} lignes par page.`)).transform(
      (v) => v ?? 50,
    ),
  })
  .superRefine(checks);
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  nature: z.string(),
  price: z.number().nullable(),
  address: z.string(),
  codePostal: z.string().nullable(),
  commune: z.string(),
  insee: z.string(),
  /** Types present, e.g. ['appartement', 'dependance']. */
  types: z.array(z.enum(TRANSACTION_TYPES)),
  /** Built surface of the distinct locals (maison, appartement, local), m². */
  surface: z.number().nullable(),
  rooms: z.number().nullable(),
  pricePerM2: z.number().nullable(),
  landSurface: z.number().nullable(),
  nbLocaux: z.number().int(),
  /** A single built local: the sale counts in the statistics (if within bounds). */
  single: z.boolean(),
  /** A single sale left out of the statistics by the plausibility bounds (METHODOLOGY §1.6): price, surface or €/m² implausible. */
  outlier: z.boolean(),
  idParcelle: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(transactionSchema),
  /** West, south, east, north of every geolocated match (not only this page): the map fits it. Null when none is located. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** The newest sale of the place whatever the other filters (`YYYY-MM-DD`): where « the last year » ends. */
  newest: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/**
 * Map points: GeoJSON, one point per geolocated mutation, coordinates to 1e-5° (about 1 m) and
 * only the id and €/m² (colour): 100 000 points stay a few megabytes; MapLibre clusters them.
 */
export const transactionPointsSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** True when more mutations matched than MAX_MAP_POINTS. */
  truncated: z.boolean(),
  total: z.number().int(),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({ id: z.string(), ppm2: z.number().nullable() }),
    }),
  ),
});
export type TransactionPoints = z.infer<typeof transactionPointsSchema>;

export const mutationLineSchema = z.object({
  lineNo: z.number().int(),
  idParcelle: z.string().nullable(),
  address: z.string(),
  typeCode: z.number().int().nullable(),
  typeLocal: z.string().nullable(),
  surface: z.number().nullable(),
  rooms: z.number().nullable(),
  natureCulture: z.string().nullable(),
  landSurface: z.number().nullable(),
  nombreLots: z.number().nullable(),
  lots: z.array(z.object({ numero: z.string(), surfaceCarrez: z.number().nullable() })),
});

export const mutationDetailSchema = transactionSchema.extend({
  natureLabel: z.string(),
  lines: z.array(mutationLineSchema),
  parcels: z.array(
    z.object({
      id: z.string(),
      section: z.string(),
      numero: z.string(),
      contenance: z.number().nullable(),
      /** GeoJSON geometry when the parcel is in the loaded cadastre. */
      geometry: z.unknown().nullable(),
    }),
  ),
  /** Why the sale is or is not in the statistics, in French. */
  statistics: z.string(),
});
export type MutationDetail = z.infer<typeof mutationDetailSchema>;

/** How a list marks a sale the plausibility bounds leave out of the statistics, and why. */
export const OUTLIER_LABEL = 'hors bornes';
export const OUTLIER_TITLE =
  'Vente écartée des statistiques\u00a0: son prix, sa surface ou son prix au m² sort des bornes de plausibilité (voir la méthodologie).';

/**
 * Contracts of the DPE search (`GET /api/dpe`, `/api/dpe.csv`, `/api/dpe/clusters`,
 * `/api/dpe/:numero`): the zone (shared/src/zone/contracts.ts) and the filters of /pro/recherchedpe,
 * under the same names as the page's URL so that a link reproduces the search.
 */
import { z } from 'zod';
import { commaList, isoDateSchema, optionalNumber } from '../market/contracts.js';
import { checkRanges, checkZoneQuery, searchQuerySchemas, zoneQueryFields } from '../zone/contracts.js';
import { validateZoneGeometry } from '../zone/territory.logic.js';
import { DPE_CLASSES } from './rental-ban.logic.js';

export const DPE_BUILDING_TYPES = ['maison', 'appartement', 'immeuble'] as const;
export const DPE_BUILDING_TYPE_LABELS: Record<(typeof DPE_BUILDING_TYPES)[number], string> = {
  maison: 'Maison',
  appartement: 'Appartement',
  immeuble: 'Immeuble',
};
/** `existant`: DPE of an existing dwelling; `neuf`: of a new building. */
export const DPE_MODELES = ['existant', 'neuf'] as const;
export const DPE_MODELE_LABELS: Record<(typeof DPE_MODELES)[number], string> = { existant: 'Existant', neuf: 'Neuf' };
/** Periods of construction as the ADEME files write them. */
export const DPE_PERIODS = [
  'avant 1948',
  '1948-1974',
  '1975-1977',
  '1978-1982',
  '1983-1988',
  '1989-2000',
  '2001-2005',
  '2006-2012',
  '2013-2021',
  'après 2021',
] as const;

/** Colours of the official energy label, A (green) to G (red). */
export const DPE_CLASS_COLORS: Record<(typeof DPE_CLASSES)[number], string> = {
  A: '#009c6d',
  B: '#52b153',
  C: '#78bd76',
  D: '#f4e70f',
  E: '#f0b50f',
  F: '#eb8235',
  G: '#d7221f',
};

export const DPE_SORTS = ['date', 'classe', 'surface', 'conso', 'annee'] as const;
export type DpeSort = (typeof DPE_SORTS)[number];
export const DPE_MAX_PAGE_SIZE = 200;
export const DPE_MAX_CSV_ROWS = 50_000;

const yesNo = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.enum(['oui', 'non'], { error: 'Valeur attendue\u00a0: oui ou non.' }).optional(),
);
const flag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === '1' || v === 'true' || v === true),
  z.boolean().optional(),
);

/**
 * A construction year: new builds are diagnosed before they are finished, a few years ahead at most;
 * « 2100 » would save a search that can never find anything.
 */
const LAST_CONSTRUCTION_YEAR = new Date().getUTCFullYear() + 5;
const constructionYear = z
  .number()
  .int('Année de construction\u00a0: un nombre entier.')
  .min(1000, 'Année de construction\u00a0: 1000 au plus tôt.')
  .max(LAST_CONSTRUCTION_YEAR, `Année de construction\u00a0: ${LAST_CONSTRUCTION_YEAR} au plus tard.`);

export const dpeFilterFields = {
  ...zoneQueryFields,
  classes: commaList(DPE_CLASSES, 'Classe DPE'),
  ges: commaList(DPE_CLASSES, 'Classe GES'),
  /** « passoires »: classes F and G, whatever `classes` says. */
  passoires: flag,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  modeles: commaList(DPE_MODELES, 'Modèle de DPE'),
  types: commaList(DPE_BUILDING_TYPES, 'Type de bâtiment'),
  surfaceMin: optionalNumber(z.number().min(0)),
  surfaceMax: optionalNumber(z.number().min(0)),
  yearMin: optionalNumber(constructionYear),
  yearMax: optionalNumber(constructionYear),
  periods: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim())) : v),
    z
      .array(z.enum(DPE_PERIODS, { error: (i) => `Période de construction inconnue\u00a0: «\u00a0${String(i.input)}\u00a0».` }))
      .min(1)
      .optional(),
  ),
  copro: yesNo,
  /** Also show DPE replaced by a newer one (hidden by default: the replacement stands). */
  replaced: flag,
};

type FilterInput = z.infer<z.ZodObject<typeof dpeFilterFields>>;

function checks(q: FilterInput, ctx: z.RefinementCtx) {
  checkZoneQuery(q, ctx, validateZoneGeometry);
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fin de période précède son début.' });
  checkRanges(q, ctx, [
    ['surfaceMin', 'surfaceMax', 'surface'],
    ['yearMin', 'yearMax', 'année de construction'],
  ]);
}

export const {
  filter: dpeFilterSchema,
  list: dpeListQuerySchema,
  cluster: dpeClusterQuerySchema,
} = searchQuerySchemas(dpeFilterFields, checks, {
  sorts: DPE_SORTS,
  defaultSort: 'date',
  defaultOrder: 'desc',
  maxPageSize: DPE_MAX_PAGE_SIZE,
});
export type DpeFilter = z.infer<typeof dpeFilterSchema>;
export type DpeListQuery = z.infer<typeof dpeListQuerySchema>;

const classSchema = z.enum(DPE_CLASSES).nullable();

export const dpeItemSchema = z.object({
  numero: z.string(),
  date: z.string(),
  dateFinValidite: z.string().nullable(),
  modele: z.enum(DPE_MODELES),
  classe: classSchema,
  ges: classSchema,
  type: z.string().nullable(),
  annee: z.number().int().nullable(),
  periode: z.string().nullable(),
  surface: z.number().nullable(),
  /** kWh d’énergie primaire par m² et par an. */
  conso: z.number().nullable(),
  /** kg CO2 par m² et par an. */
  emission: z.number().nullable(),
  copro: z.string().nullable(),
  address: z.string().nullable(),
  codePostal: z.string().nullable(),
  insee: z.string().nullable(),
  commune: z.string().nullable(),
  etage: z.number().int().nullable(),
  residence: z.string().nullable(),
  complement: z.string().nullable(),
  /** The older DPE this one replaces. */
  remplace: z.string().nullable(),
  /** The newer DPE replacing this one (only when `replaced=1` shows it). */
  remplacePar: z.string().nullable(),
  /** First day a dwelling of this class may not be let (loi Climat et résilience), null for A–D. */
  interdictionLocation: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  /**
   * What the point is: the DPE's BAN address (`address`); the BAN address of the number the
   * diagnostician typed, the BAN having matched the street only (`typedNumber`); the street's point,
   * that number being absent from the BAN imported here (`street`). Null without a point.
   */
  placedAt: z.enum(['address', 'typedNumber', 'street']).nullable(),
});
export type DpeItem = z.infer<typeof dpeItemSchema>;

export const dpeByClassSchema = z.partialRecord(z.enum([...DPE_CLASSES, 'inconnue']), z.number().int());

export const dpeListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Number of matching DPE per class (the same filter). */
  byClass: dpeByClassSchema,
  /** The search used the subscriber's « ma zone ». */
  mine: z.boolean(),
  items: z.array(dpeItemSchema),
});
export type DpeList = z.infer<typeof dpeListSchema>;

/**
 * Map markers aggregated on the server over a grid of the view: one feature per non-empty cell,
 * at the mean position of its DPE, with their count and worst class (its colour); a cell of one
 * DPE carries its number (the marker opens its detail).
 */
export const clusterCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  total: z.number().int(),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({ count: z.number().int(), classe: z.string().nullable(), id: z.string().nullable() }),
    }),
  ),
});
export type ClusterCollection = z.infer<typeof clusterCollectionSchema>;

/**
 * A DVF sale on a parcel, as the DPE and co-ownership sheets list them (`salesOnParcels` on the
 * server); each sheet keeps the fields it shows.
 */
export const parcelSaleSchema = z.object({
  id: z.string(),
  date: z.string(),
  nature: z.string(),
  price: z.number().nullable(),
  /** Built locals sold (flats, houses, premises): the lots of a co-ownership sale. */
  locaux: z.number().int(),
  /** Built surface of a single-property sale, else null. */
  surface: z.number().nullable(),
  type: z.string().nullable(),
  pricePerM2: z.number().nullable(),
  idParcelle: z.string().nullable(),
});
export type ParcelSale = z.infer<typeof parcelSaleSchema>;

export const dpeDetailSchema = dpeItemSchema.extend({
  parcel: z
    .object({
      id: z.string(),
      /** How the parcel was found: listed by BAN for the address, or the parcel under the point. */
      via: z.enum(['ban', 'position']),
      contenance: z.number().nullable(),
      geometry: z.unknown().nullable(),
    })
    .nullable(),
  sales: z.array(parcelSaleSchema.omit({ locaux: true, idParcelle: true })),
  coproInfo: z
    .object({
      numero: z.string(),
      nom: z.string().nullable(),
      adresse: z.string().nullable(),
      lots: z.number().int().nullable(),
      syndic: z.string().nullable(),
      typeSyndic: z.string().nullable(),
      finMandat: z.string().nullable(),
    })
    .nullable(),
});
export type DpeDetail = z.infer<typeof dpeDetailSchema>;

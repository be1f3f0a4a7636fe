/**
 * Contracts of the co-ownership search over the RNIC (`GET /api/copros`, `/api/copros.csv`,
 * `/api/copros/clusters`, `/api/copros/:numero`): the zone (shared/src/zone/contracts.ts) and the
 * filters of /pro/recherchecopro, under the names of the page's URL.
 */
import { z } from 'zod';
import { parcelSaleSchema } from '../dpe/contracts.js';
import { commaList, optionalNumber } from '../market/contracts.js';
import { checkRanges, checkZoneQuery, searchQuerySchemas, zoneQueryFields } from '../zone/contracts.js';
import { validateZoneGeometry } from '../zone/territory.logic.js';

/** Periods of construction as the RNIC writes them. */
export const COPRO_PERIODS = [
  'AVANT_1949',
  'DE_1949_A_1960',
  'DE_1961_A_1974',
  'DE_1975_A_1993',
  'DE_1994_A_2000',
  'DE_2001_A_2010',
  'A_COMPTER_DE_2011',
  'NON_CONNUE',
] as const;
export const COPRO_PERIOD_LABELS: Record<(typeof COPRO_PERIODS)[number], string> = {
  AVANT_1949: 'Avant 1949',
  DE_1949_A_1960: '1949 à 1960',
  DE_1961_A_1974: '1961 à 1974',
  DE_1975_A_1993: '1975 à 1993',
  DE_1994_A_2000: '1994 à 2000',
  DE_2001_A_2010: '2001 à 2010',
  A_COMPTER_DE_2011: 'Depuis 2011',
  NON_CONNUE: 'Non connue',
};

/** `aucun`: no syndic mandate in force; `cooperatif`: a syndicat coopératif. */
export const SYNDIC_TYPES = ['professionnel', 'benevole', 'cooperatif', 'aucun'] as const;
export const SYNDIC_TYPE_LABELS: Record<(typeof SYNDIC_TYPES)[number], string> = {
  professionnel: 'Professionnel',
  benevole: 'Bénévole',
  cooperatif: 'Coopératif',
  aucun: 'Sans mandat en cours',
};

export const COPRO_FLAGS = ['acv', 'pvd', 'qp'] as const;
export const COPRO_FLAG_LABELS: Record<(typeof COPRO_FLAGS)[number], string> = {
  acv: 'Action cœur de ville',
  pvd: 'Petites villes de demain',
  qp: 'Quartier prioritaire',
};

export const COPRO_SORTS = ['fin_mandat', 'lots', 'nom', 'commune'] as const;
export type CoproSort = (typeof COPRO_SORTS)[number];
export const COPRO_MAX_PAGE_SIZE = 200;
export const COPRO_MAX_CSV_ROWS = 50_000;

const count = () => optionalNumber(z.number().int().min(0));

export const coproFilterFields = {
  ...zoneQueryFields,
  lotsMin: count(),
  lotsMax: count(),
  dwellingsMin: count(),
  dwellingsMax: count(),
  parkingMin: count(),
  parkingMax: count(),
  periods: commaList(COPRO_PERIODS, 'Période de construction'),
  syndicTypes: commaList(SYNDIC_TYPES, 'Type de syndic'),
  /** Syndic name (part of it) or SIRET (14 digits). */
  syndic: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(2, 'Nom ou SIRET du syndic\u00a0: au moins 2 caractères.').max(100).optional(),
  ),
  /** `termine`: the last mandate has ended (or none is in force) at the RNIC data date (decision 0740). */
  mandate: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['termine'], { error: 'mandate\u00a0: seule la valeur « termine » est possible.' }).optional(),
  ),
  /** The mandate ends within N months of the RNIC data date. */
  endsWithin: optionalNumber(z.number().int().min(1, 'Au moins 1 mois.').max(120, 'Au plus 120 mois.')),
  flags: commaList(COPRO_FLAGS, 'Dispositif'),
  /** At least one DPE F or G (not replaced) in the co-ownership. */
  dpeFG: z.preprocess((v) => (v === '' || v === undefined ? undefined : v === '1' || v === 'true' || v === true), z.boolean().optional()),
};

type FilterInput = z.infer<z.ZodObject<typeof coproFilterFields>>;

function checks(q: FilterInput, ctx: z.RefinementCtx) {
  checkZoneQuery(q, ctx, validateZoneGeometry);
  checkRanges(q, ctx, [
    ['lotsMin', 'lotsMax', 'nombre de lots'],
    ['dwellingsMin', 'dwellingsMax', 'lots d’habitation'],
    ['parkingMin', 'parkingMax', 'lots de stationnement'],
  ]);
  if (q.mandate && q.endsWithin !== undefined)
    ctx.addIssue({ code: 'custom', path: ['endsWithin'], message: 'Mandat terminé ou fin dans N mois\u00a0: l’un ou l’autre.' });
}

export const {
  filter: coproFilterSchema,
  list: coproListQuerySchema,
  cluster: coproClusterQuerySchema,
} = searchQuerySchemas(coproFilterFields, checks, {
  sorts: COPRO_SORTS,
  defaultSort: 'fin_mandat',
  defaultOrder: 'asc',
  maxPageSize: COPRO_MAX_PAGE_SIZE,
});
export type CoproFilter = z.infer<typeof coproFilterSchema>;
export type CoproListQuery = z.infer<typeof coproListQuerySchema>;

export const coproItemSchema = z.object({
  numero: z.string(),
  nom: z.string().nullable(),
  adresse: z.string().nullable(),
  codePostal: z.string().nullable(),
  commune: z.string().nullable(),
  insee: z.string().nullable(),
  lots: z.number().int().nullable(),
  lotsHabitation: z.number().int().nullable(),
  lotsStationnement: z.number().int().nullable(),
  periode: z.string().nullable(),
  typeSyndic: z.string().nullable(),
  /** Name of a professional syndic (a volunteer syndic is a private person: never stored). */
  syndic: z.string().nullable(),
  siret: z.string().nullable(),
  mandatEnCours: z.string().nullable(),
  finMandat: z.string().nullable(),
  cooperatif: z.boolean().nullable(),
  acv: z.boolean().nullable(),
  pvd: z.boolean().nullable(),
  quartierPrioritaire: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
});
export type CoproItem = z.infer<typeof coproItemSchema>;

export const coproListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** RNIC data date (newest update of the loaded rows): the reference of mandate filters. */
  asOf: z.string().nullable(),
  mine: z.boolean(),
  items: z.array(coproItemSchema),
});
export type CoproList = z.infer<typeof coproListSchema>;

export const coproDetailSchema = coproItemSchema.extend({
  /** RNIC data date: a mandate « en cours » then whose end has passed since is told « échu ». */
  asOf: z.string().nullable(),
  parcels: z.array(
    z.object({ id: z.string(), contenance: z.number().nullable(), geometry: z.unknown().nullable(), inCadastre: z.boolean() }),
  ),
  dpe: z.array(
    z.object({
      numero: z.string(),
      date: z.string(),
      classe: z.string().nullable(),
      ges: z.string().nullable(),
      surface: z.number().nullable(),
      etage: z.number().nullable(),
    }),
  ),
  sales: z.array(parcelSaleSchema.omit({ type: true })),
  /**
   * Null: sales on its parcels. Otherwise the RNIC gives no cadastral reference, and its DPE and
   * sales were matched around its position: `adresse`, the same number and street within `radiusM`
   * metres; `position`, anything within `radiusM` metres (its address has no number).
   */
  proximity: z.object({ by: z.enum(['adresse', 'position']), radiusM: z.number() }).nullable(),
});
export type CoproDetail = z.infer<typeof coproDetailSchema>;

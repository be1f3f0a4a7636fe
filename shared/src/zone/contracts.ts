/**
 * The zone every search tool accepts (DPE, co-ownerships, parcels, transactions…), one query
 * vocabulary for all: communes `insee=75118,93010`, postcodes `postcode=75018`, a radius around a
 * point `lat=…&lon=…&radius=…`, a drawn polygon `polygon=…` (GeoJSON geometry, or the compact ring
 * `lon lat,lon lat,…`), or the subscriber's own territory `zone=mine` (« ma zone »).
 * Exactly one of them. The server turns it into a SQL condition (server/src/features/zone/sql.ts).
 */
import { z } from 'zod';
import { communeNamingSchema, INSEE_PATTERN, MAX_RADIUS_M, optionalNumber } from '../market/contracts.js';
import type { PolygonGeometry } from '../market/polygon.js';

export const POSTCODE_PATTERN = /^\d{5}$/;
/** Most vertices of a polygon given in a query or stored as a territory. */
export const MAX_ZONE_VERTICES = 5000;
export const MAX_ZONE_COMMUNES = 50;

const codeList = (pattern: RegExp, message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((s) => s.trim().toUpperCase())) : v),
    z
      .array(z.string().regex(pattern, message))
      .min(1)
      .max(max, `Au plus ${max} codes.`)
      .transform((list) => [...new Set(list)])
      .optional(),
  );

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], {
  error: 'Coordonnée attendue : [longitude, latitude] en degrés.',
});
const ring = z.array(position).min(4, 'Un contour a au moins 4 positions (3 sommets, puis le premier répété).');

/** A GeoJSON Polygon or MultiPolygon (WGS84); closure, size and shape are checked by territory.logic. */
export const polygonGeometrySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) }),
  ],
  { error: 'Géométrie attendue : Polygon ou MultiPolygon GeoJSON.' },
);

/**
 * `polygon=` in a query: a GeoJSON geometry (or a Feature wrapping one), or the compact ring
 * `lon lat,lon lat,…` of the map drawing; a compact ring is closed here when it is not.
 */
export function parsePolygonParam(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return undefined;
  if (s.startsWith('{')) {
    try {
      const json = JSON.parse(s) as { type?: string; geometry?: unknown };
      return json.type === 'Feature' ? json.geometry : json;
    } catch {
      return { type: 'invalide' };
    }
  }
  const points = s.split(',').map((pair) =>
    pair
      .trim()
      .split(/\s+/)
      .map((n) => Number(n)),
  );
  const first = points[0];
  const last = points[points.length - 1];
  if (first && last && points.length >= 3 && (first[0] !== last[0] || first[1] !== last[1])) points.push([...first]);
  return { type: 'Polygon', coordinates: [points] };
}

export const zoneQueryFields = {
  insee: codeList(INSEE_PATTERN, 'Code INSEE invalide (5 caractères, ex. 93010).', MAX_ZONE_COMMUNES),
  postcode: codeList(POSTCODE_PATTERN, 'Code postal invalide (5 chiffres, ex. 75018).', MAX_ZONE_COMMUNES),
  lat: optionalNumber(z.number().min(-90).max(90)),
  lon: optionalNumber(z.number().min(-180).max(180)),
  radius: optionalNumber(
    z.number().int('Rayon en mètres entiers.').min(50, 'Rayon d’au moins 50 m.').max(MAX_RADIUS_M, 'Rayon de 10 km au plus.'),
  ),
  polygon: z.preprocess(parsePolygonParam, polygonGeometrySchema.optional()),
  zone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['mine'], { error: 'zone : seule la valeur « mine » (ma zone) est possible.' }).optional(),
  ),
};

/** A zone named by a query. `mine` is resolved by the server into the user's stored territory. */
export type ZoneQuery =
  | { kind: 'communes'; insee: string[] }
  | { kind: 'postcodes'; postcodes: string[] }
  | { kind: 'radius'; lat: number; lon: number; radius: number }
  | { kind: 'polygon'; geometry: PolygonGeometry }
  | { kind: 'mine' };

/** A zone the SQL helper can apply (`mine` resolved). */
export type ConcreteZone = Exclude<ZoneQuery, { kind: 'mine' }>;

export interface ZoneQueryInput {
  insee?: string[] | undefined;
  postcode?: string[] | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
  radius?: number | undefined;
  polygon?: PolygonGeometry | undefined;
  zone?: 'mine' | undefined;
}

export const ZONE_REQUIRED_MESSAGE =
  'Indiquez une zone : commune (insee), code postal (postcode), rayon autour d’un point (lat, lon, radius), zone dessinée (polygon) ou ma zone (zone=mine).';

/**
 * The zone a validated query names; `null` when none is given (the caller then uses « ma zone »
 * if set, or refuses), or a French message when the query is contradictory.
 */
export function zoneQueryOf(q: ZoneQueryInput): ZoneQuery | null | string {
  const hasRadius = q.lat !== undefined || q.lon !== undefined || q.radius !== undefined;
  const count = [q.insee, q.postcode, q.polygon, q.zone].filter((v) => v !== undefined).length + (hasRadius ? 1 : 0);
  if (count === 0) return null;
  if (count > 1) return 'Une seule zone à la fois : commune, code postal, rayon, zone dessinée ou ma zone.';
  if (q.insee) return { kind: 'communes', insee: q.insee };
  if (q.postcode) return { kind: 'postcodes', postcodes: q.postcode };
  if (q.polygon) return { kind: 'polygon', geometry: q.polygon };
  if (q.zone === 'mine') return { kind: 'mine' };
  if (q.lat === undefined || q.lon === undefined || q.radius === undefined) return 'Un rayon demande lat, lon et radius.';
  return { kind: 'radius', lat: q.lat, lon: q.lon, radius: q.radius };
}

/** Adds the zone's own issues (contradictions, polygon shape) to a schema using zoneQueryFields. */
export function checkZoneQuery(q: ZoneQueryInput, ctx: z.RefinementCtx, validateGeometry: (g: PolygonGeometry) => string[]) {
  const zone = zoneQueryOf(q);
  if (typeof zone === 'string') ctx.addIssue({ code: 'custom', path: ['zone'], message: zone });
  if (q.polygon) for (const message of validateGeometry(q.polygon)) ctx.addIssue({ code: 'custom', path: ['polygon'], message });
}

/** The query parameters of a zone, to build a link or an API call (the inverse of zoneQueryFields). */
export function zoneToParams(zone: ZoneQuery): Record<string, string> {
  switch (zone.kind) {
    case 'communes':
      return { insee: zone.insee.join(',') };
    case 'postcodes':
      return { postcode: zone.postcodes.join(',') };
    case 'radius':
      return { lat: String(zone.lat), lon: String(zone.lon), radius: String(zone.radius) };
    case 'polygon':
      return { polygon: JSON.stringify(zone.geometry) };
    case 'mine':
      return { zone: 'mine' };
  }
}

/** The subscriber's territory (« ma zone »): a drawn area, communes, or both (a place is in it if in either). */
export const territoryInputSchema = z
  .object({
    geometry: polygonGeometrySchema.nullable().default(null),
    communes: z
      .array(z.string().regex(INSEE_PATTERN, 'Code INSEE invalide (5 caractères, ex. 93010).'))
      .max(MAX_ZONE_COMMUNES, `Au plus ${MAX_ZONE_COMMUNES} communes.`)
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .refine((t) => t.geometry !== null || t.communes.length > 0, {
    message: 'Dessinez une zone sur la carte ou choisissez au moins une commune.',
    path: ['geometry'],
  });
export type TerritoryInput = z.infer<typeof territoryInputSchema>;

export const territorySchema = z.object({
  geometry: polygonGeometrySchema.nullable(),
  /** With their postcodes: the pickers name a commune « Bondy (93140) », not by its INSEE code. */
  communes: z.array(communeNamingSchema),
  updatedAt: z.string(),
  /** When the dashboard was last seen (ISO timestamp), null the first time. */
  lastVisitAt: z.string().nullable(),
});
export type Territory = z.infer<typeof territorySchema>;

/** `GET /api/zone/mine` */
export const territoryResponseSchema = z.object({ territory: territorySchema.nullable() });

/** `GET /api/zone/mine/changes`: what changed in « ma zone » since the last visit of the dashboard. */
export const territoryChangesSchema = z.object({
  /** The previous visit (ISO timestamp), null the first time: counts then cover the last 3 months of data. */
  since: z.string().nullable(),
  dvf: z.object({
    /** Sales dated after the newest sale of the zone seen at the previous visit (they came with an import). */
    newSales: z.number().int(),
    sinceDate: z.string().nullable(),
    latestDate: z.string().nullable(),
  }),
  dpe: z.object({
    /** DPE F or G established after the newest DPE seen at the previous visit (replaced ones left out). */
    newPassoires: z.number().int(),
    sinceDate: z.string().nullable(),
    latestDate: z.string().nullable(),
  }),
  copro: z.object({
    /** Co-ownerships whose syndic mandate ends within 6 months of the RNIC data date. */
    mandatesEnding: z.number().int(),
    /** Newest update date of the RNIC rows loaded: the reference of « within 6 months ». */
    asOf: z.string().nullable(),
    until: z.string().nullable(),
  }),
});
export type TerritoryChanges = z.infer<typeof territoryChangesSchema>;

/** `bbox=w,s,e,n&zoom=z` of the map view, that a search tool's map grid adds to its filters. */
export const clusterQueryFields = {
  bbox: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => Number(s)) : v),
    z
      .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)], {
        error: 'Emprise attendue\u00a0: ouest,sud,est,nord en degrés.',
      })
      .refine(([w, s, e, n]) => w < e && s < n, 'Emprise vide\u00a0: ouest < est et sud < nord.'),
  ),
  zoom: z.coerce.number({ error: 'Niveau de zoom requis.' }).min(0).max(24),
};

/** Range pairs (`surfaceMin`/`surfaceMax`…) that must not be inverted: a French issue on the upper bound. */
export function checkRanges<Q extends Record<string, unknown>>(
  q: Q,
  ctx: z.RefinementCtx,
  pairs: readonly (readonly [keyof Q & string, keyof Q & string, string])[],
) {
  for (const [lo, hi, what] of pairs) {
    const a = q[lo];
    const b = q[hi];
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      ctx.addIssue({ code: 'custom', path: [hi], message: `Fourchette de ${what} inversée.` });
  }
}

/** Sort, order and paging of a search tool's result list (`pageSize` at most `maxPageSize`, 50 by default). */
export function pagedListFields<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
  defaultOrder: 'asc' | 'desc',
  maxPageSize: number,
) {
  return {
    sort: z.enum(sorts, { error: 'Tri inconnu.' }).default(defaultSort),
    order: z.enum(['asc', 'desc'], { error: 'Ordre\u00a0: asc ou desc.' }).default(defaultOrder),
    page: optionalNumber(z.number().int().min(1)).transform((v) => v ?? 1),
    pageSize: optionalNumber(z.number().int().min(1).max(maxPageSize, `Au plus ${maxPageSize} lignes par page.`)).transform((v) => v ?? 50),
  };
}

/**
 * The three queries of a search tool, from its filter fields and the checks across them: the
 * filters alone (a saved search, a map tile), a page of results (sorted and paged), and the map
 * markers of a view (`bbox`, `zoom`). One set of checks for all three: a link, a saved search and
 * the map refuse the same filters with the same French messages.
 */
export function searchQuerySchemas<F extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(
  fields: F,
  checks: (q: z.output<z.ZodObject<F>>, ctx: z.RefinementCtx) => void,
  list: { sorts: S; defaultSort: S[number]; defaultOrder: 'asc' | 'desc'; maxPageSize: number },
) {
  // A page or a view query is the filters and more; TypeScript cannot see it through the generic `F`.
  const check = (q: unknown, ctx: z.RefinementCtx) => checks(q as z.output<z.ZodObject<F>>, ctx);
  return {
    filter: z.object(fields).superRefine(checks),
    list: z.object({ ...fields, ...pagedListFields(list.sorts, list.defaultSort, list.defaultOrder, list.maxPageSize) }).superRefine(check),
    cluster: z.object({ ...fields, ...clusterQueryFields }).superRefine(check),
  };
}

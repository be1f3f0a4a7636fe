/**
 * The pool of imported listings (`listings.user_id` NULL, decision 0910): the listings of one
 * listing search (the map's filters, a saved search's count), /pro/listeautomatique (the listings of
 * all of a subscriber's listing searches, new ones since their last visit marked) and the
 * « bonne affaire » gap to the local DVF median (cadastral section under the listing's position when
 * it has enough sales, else the commune; 24 months ending at the commune's newest sale).
 */
import { askingPricePerM2 } from '@immoloupe/shared/listings/contracts';
import type { AutoList, AutoListQuery, AutoListSort, ListingSearch, PoolListing } from '@immoloupe/shared/listings/search';
import { AUTO_LIST_PAGE_SIZE, listingSearchSchema, MIN_MEDIAN_SALES } from '@immoloupe/shared/listings/search';
import { monthsWindowStart } from '@immoloupe/shared/market/comparables.logic';
import { STAT_NATURES } from '@immoloupe/shared/market/dvf';
import { queryParams, savedSearchUrl } from '@immoloupe/shared/saved-searches/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { HttpError } from '../../http/errors.js';
import { parcelAt } from '../geocode/index.js';
import { dvfFreshness, statsWithMonthly } from '../market/index.js';
import { type ImportWindow, importWindowClause } from '../transactions/index.js';
import { resolveZone, type SqlZoneQuery, zoneWhere } from '../zone/index.js';
import { communeOf } from './analysis.js';

const PERIOD_MONTHS = 24;
/** Most listings one search or the automatic list returns (newest first). */
export const POOL_LIMIT = 300;

type Row = Omit<PoolListing, 'pricePerM2' | 'median' | 'gap'> & { insee: string | null };

const COLUMNS = `
         l.id, l.title, l.transaction, l.property_type AS "propertyType", l.price::float8 AS price, l.surface::float8 AS surface,
         l.rooms, l.dpe_class AS "dpeClass", l.postcode, l.city, l.district, l.lat, l.lon, l.insee, l.photo_url AS "photoUrl",
         to_char(l.published_at, 'YYYY-MM-DD') AS "publishedAt",
         to_char(l.first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "firstSeenAt",
         coalesce((SELECT json_agg(json_build_object('portal', s.portal, 'portalId', s.portal_id, 'url', s.url) ORDER BY s.first_seen_at)
                     FROM listing_sources s WHERE s.listing_id = l.id), '[]'::json) AS sources`;
const SELECT = `SELECT ${COLUMNS} FROM listings l`;

/** The WHERE condition of a listing search over the pool (`l`). */
function searchWhere(p: Params, q: ListingSearch, zone: SqlZoneQuery): string {
  const w = ['l.user_id IS NULL', zoneWhere(p, { lat: 'l.lat', lon: 'l.lon', insee: 'l.insee', postcode: 'l.postcode' }, zone)];
  if (q.transaction) w.push(`l.transaction = ${p.add(q.transaction)}`);
  if (q.types) w.push(`l.property_type = ANY(${p.add(q.types)}::text[])`);
  if (q.priceMin !== undefined) w.push(`l.price >= ${p.add(q.priceMin)}`);
  if (q.priceMax !== undefined) w.push(`l.price <= ${p.add(q.priceMax)}`);
  if (q.surfaceMin !== undefined) w.push(`l.surface >= ${p.add(q.surfaceMin)}`);
  if (q.surfaceMax !== undefined) w.push(`l.surface <= ${p.add(q.surfaceMax)}`);
  if (q.roomsMin !== undefined) w.push(`l.rooms >= ${p.add(q.roomsMin)}`);
  if (q.roomsMax !== undefined) w.push(`l.rooms <= ${p.add(q.roomsMax)}`);
  if (q.dpe) w.push(`l.dpe_class = ANY(${p.add(q.dpe)}::text[])`);
  if (q.maxPricePerM2 !== undefined) w.push(`l.surface > 0 AND l.price / l.surface <= ${p.add(q.maxPricePerM2)}`);
  return w.join(' AND ');
}

/** A page of a search over the pool: `limit` rows from `offset`, in the order asked (the newest first by default). */
export interface PoolPage {
  limit: number;
  offset?: number;
  sort?: AutoListSort;
  order?: 'asc' | 'desc';
}

export async function searchPool(
  db: Queryable,
  q: ListingSearch,
  zone: SqlZoneQuery,
  page: PoolPage = { limit: POOL_LIMIT },
): Promise<{ total: number; rows: Row[] }> {
  const p = new Params();
  const where = searchWhere(p, q, zone);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings l WHERE ${where}`, p.values);
  const order =
    page.sort === undefined ? 'l.first_seen_at DESC, l.published_at DESC NULLS LAST, l.id' : autoListOrder(page.sort, page.order ?? 'desc');
  const rows = await db.query<Row>(
    `${SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset ?? 0)}`,
    p.values,
  );
  return { total: count?.n ?? 0, rows };
}

/**
 * The pool listings of a search first seen in the import runs of `runs` and not yet sent by the
 * alert (saved-search alerts, decision 1010), newest first, at most `limit`.
 */
export async function poolImported(db: Queryable, q: ListingSearch, zone: SqlZoneQuery, runs: ImportWindow, limit: number): Promise<Row[]> {
  const p = new Params();
  const where = searchWhere(p, q, zone);
  return db.query<Row>(
    `${SELECT} WHERE ${where} AND ${importWindowClause(p, 'l', 'id::text', 'annonce', runs)}
      ORDER BY l.first_seen_at DESC, l.id LIMIT ${p.add(limit)}`,
    p.values,
  );
}

/** How many pool listings a saved listing search finds now (its owner's « ma zone » if it says so). */
export async function countPoolSearch(db: Queryable, params: Record<string, string>, userId: string): Promise<number> {
  const q = listingSearchSchema.parse(params);
  const { zone } = await resolveZone(db, userId, q);
  return (await searchPool(db, q, zone, { limit: 1 })).total;
}

/** Medians of DVF sales per (place, type), computed once per request. */
export class MedianCache {
  private readonly values = new Map<string, Promise<{ value: number | null; count: number }>>();
  private readonly newest = new Map<string, Promise<string | null>>();

  constructor(private readonly db: Queryable) {}

  private lastSale(insee: string): Promise<string | null> {
    let v = this.newest.get(insee);
    if (!v) {
      v = dvfFreshness(this.db, [insee]).then((f) => f.lastMutationDate);
      this.newest.set(insee, v);
    }
    return v;
  }

  median(
    insee: string,
    zone: { kind: 'communes'; insee: string[] } | { kind: 'sections'; sections: string[] },
    type: 'appartement' | 'maison',
  ) {
    const key = `${JSON.stringify(zone)}:${type}`;
    let v = this.values.get(key);
    if (!v) {
      v = this.lastSale(insee).then(async (newest) => {
        if (!newest) return { value: null, count: 0 };
        const s = await statsWithMonthly(this.db, {
          zone,
          from: monthsWindowStart(newest, PERIOD_MONTHS),
          to: newest,
          types: [type],
          natures: [...STAT_NATURES],
        });
        return { value: s.overall.median, count: s.overall.count };
      });
      this.values.set(key, v);
    }
    return v;
  }
}

/** A pool row with its €/m², the closest reliable median and the gap to it. */
export async function withMarket(db: Queryable, rows: readonly Row[], cache = new MedianCache(db)): Promise<PoolListing[]> {
  const out: PoolListing[] = [];
  for (const { insee: rowInsee, ...r } of rows) {
    const ppm = askingPricePerM2(r);
    const pricePerM2 = ppm ? Math.round(ppm) : null;
    const type = r.propertyType === 'appartement' || r.propertyType === 'maison' ? r.propertyType : null;
    const insee = rowInsee ?? communeOf({ postcode: r.postcode, city: r.city })?.insee ?? null;
    let median: PoolListing['median'] = null;
    if (pricePerM2 && type && insee) {
      const commune = communeOf({ postcode: r.postcode, city: r.city });
      const parcel = r.lat != null && r.lon != null ? await parcelAt(db, r.lon, r.lat) : null;
      if (parcel && parcel.codeCommune === insee) {
        const code = `${parcel.codeCommune}${parcel.prefixe}${parcel.section}`;
        const s = await cache.median(insee, { kind: 'sections', sections: [code] }, type);
        if (s.count >= MIN_MEDIAN_SALES) median = { level: 'section', label: `section ${parcel.section}`, ...s };
      }
      if (!median) {
        const s = await cache.median(insee, { kind: 'communes', insee: [insee] }, type);
        median = { level: 'commune', label: commune?.name ?? insee, ...s };
      }
    }
    const gap =
      pricePerM2 && median?.value && median.count >= MIN_MEDIAN_SALES ? Math.round((pricePerM2 / median.value - 1) * 1000) / 1000 : null;
    out.push({ ...r, pricePerM2, median, gap });
  }
  return out;
}

/** Saved listing searches of a user (the `annonces` tool). */
async function listingSearches(db: Queryable, userId: string) {
  return db.query<{ id: string; name: string; query: string }>(
    `SELECT id, name, query FROM saved_searches WHERE user_id = $1 AND tool = 'annonces' ORDER BY created_at`,
    [userId],
  );
}

/** The asking €/m² as askingPricePerM2 computes it: sales with a price and a surface only. */
const PRICE_PER_M2 = `(CASE WHEN l.transaction = 'vente' AND l.price > 0 AND l.surface > 0 THEN l.price / l.surface END)`;

/** ORDER BY of the automatic list; the id last, so that pages neither repeat nor skip a listing. */
function autoListOrder(sort: AutoListSort, order: 'asc' | 'desc'): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'publication':
      return `l.published_at ${dir} NULLS LAST, l.first_seen_at ${dir}, l.id`;
    case 'prix':
      return `l.price ${dir} NULLS LAST, l.first_seen_at DESC, l.id`;
    case 'prix_m2':
      return `${PRICE_PER_M2} ${dir} NULLS LAST, l.first_seen_at DESC, l.id`;
    default:
      return `l.first_seen_at ${dir}, l.published_at ${dir} NULLS LAST, l.id`;
  }
}

interface ReadySearch {
  id: string;
  q: ListingSearch;
  zone: SqlZoneQuery;
}

/** Any of the searches, and for each row which ones (by their rank, a literal of ours: no parameter). */
function anyOf(p: Params, searches: readonly ReadySearch[]): { where: string; which: string } {
  const conds = searches.map((s) => searchWhere(p, s.q, s.zone));
  return {
    where: conds.map((c) => `(${c})`).join(' OR '),
    which: `array_remove(ARRAY[${conds.map((c, i) => `CASE WHEN ${c} THEN ${i} END`).join(', ')}], NULL)`,
  };
}

/**
 * /pro/listeautomatique: pool listings matching any of the user's listing searches, one page in
 * the order asked (decision 1373); those first seen after the previous visit are new. Opening the
 * list records the visit; another page or order of the same visit passes the `since` it was given.
 */
export async function autoList(db: Queryable, userId: string, query: AutoListQuery): Promise<AutoList> {
  const searches = await listingSearches(db, userId);
  const [pool] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE user_id IS NULL');
  const continued = query.since !== undefined;
  let since: string | null;
  if (continued) since = query.since === 'none' ? null : new Date(query.since as string).toISOString();
  else {
    const [visit] = await db.query<{ at: string }>(
      `SELECT to_char(last_visit_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM listing_feed_visits WHERE user_id = $1`,
      [userId],
    );
    since = visit?.at ?? null;
  }
  const ready: ReadySearch[] = [];
  const out: AutoList['searches'] = [];
  for (const s of searches) {
    let error: string | null = null;
    try {
      const q = listingSearchSchema.parse(queryParams(s.query));
      ready.push({ id: s.id, q, zone: (await resolveZone(db, userId, q)).zone });
    } catch (err) {
      // A search whose zone is « ma zone » after the zone was deleted: said, the others still run.
      error = err instanceof HttpError ? err.message : 'Recherche illisible.';
    }
    out.push({ id: s.id, name: s.name, url: savedSearchUrl('annonces', s.query), error });
  }
  const pageSize = AUTO_LIST_PAGE_SIZE;
  let total = 0;
  let newCount = 0;
  let rows: (Row & { which: number[] })[] = [];
  if (ready.length > 0) {
    // Two parameter lists: PostgreSQL refuses a parameter a statement does not use.
    const pc = new Params();
    const counted = anyOf(pc, ready);
    const fresh = since === null ? 'count(*)' : `count(*) FILTER (WHERE l.first_seen_at > ${pc.add(since)}::timestamptz)`;
    const [n] = await db.query<{ total: number; fresh: number }>(
      `SELECT count(*)::int AS total, ${fresh}::int AS fresh FROM listings l WHERE ${counted.where}`,
      pc.values,
    );
    total = n?.total ?? 0;
    newCount = n?.fresh ?? 0;
    const pr = new Params();
    const listed = anyOf(pr, ready);
    rows = await db.query<Row & { which: number[] }>(
      `SELECT ${COLUMNS}, ${listed.which} AS which FROM listings l WHERE ${listed.where}
        ORDER BY ${autoListOrder(query.sort, query.order)} LIMIT ${pr.add(pageSize)} OFFSET ${pr.add((query.page - 1) * pageSize)}`,
      pr.values,
    );
  }
  const market = await withMarket(
    db,
    rows.map(({ which: _, ...r }) => r),
  );
  // Without a search the page shows no listing: that is no visit of the list.
  if (searches.length > 0 && !continued)
    await db.query(
      `INSERT INTO listing_feed_visits (user_id, last_visit_at) VALUES ($1, now())
     ON CONFLICT (user_id) DO UPDATE SET last_visit_at = now()`,
      [userId],
    );
  return {
    searches: out,
    poolSize: pool?.n ?? 0,
    since,
    listings: market.map((l, i) => ({
      ...l,
      searchIds: (rows[i]?.which ?? []).map((k) => ready[k]?.id ?? '').filter(Boolean),
      isNew: since === null || l.firstSeenAt > since,
    })),
    total,
    newCount,
    page: query.page,
    pageSize,
    sort: query.sort,
    order: query.order,
  };
}

/** Copies a pool listing into the user's « Mes annonces » (pointing to it); the existing copy if saved before. */
export async function savePoolListing(db: Queryable, userId: string, poolId: string): Promise<{ id: string; created: boolean } | null> {
  const [existing] = await db.query<{ id: string }>('SELECT id FROM listings WHERE user_id = $1 AND pool_listing_id = $2', [
    userId,
    poolId,
  ]);
  if (existing) return { id: existing.id, created: false };
  const cols =
    'transaction, property_type, title, price, surface, rooms, bedrooms, land_area, floor, dpe_class, dpe_value, ges_class, ges_value, ' +
    'postcode, city, district, description, photo_url, seller, lat, lon, published_at, insee';
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO listings (user_id, pool_listing_id, ${cols})
     SELECT $1, id, ${cols} FROM listings WHERE id = $2 AND user_id IS NULL RETURNING id`,
    [userId, poolId],
  );
  if (!row) return null;
  await db.query(
    `INSERT INTO listing_sources (listing_id, portal, portal_id, url) SELECT $1, portal, portal_id, url FROM listing_sources WHERE listing_id = $2`,
    [row.id, poolId],
  );
  await db.query(
    `INSERT INTO listing_prices (listing_id, price, portal, seen_at) SELECT $1, price, portal, seen_at FROM listing_prices WHERE listing_id = $2`,
    [row.id, poolId],
  );
  return { id: row.id, created: true };
}

/**
 * The listings store: a subscriber's « Mes annonces » (`user_id`) and the imported feeds
 * (`user_id` NULL) in one table, with sources and price history. Saving a sighting of a property
 * already stored (same portal id, the same property seen on another portal, or the same pasted ad
 * saved again without the address it was once placed at) updates it, adds the source and a price
 * point: a price drop shows.
 */
import type { Portal } from '@immoloupe/shared/listings/contracts';
import {
  type ListingFields,
  type ListingStatus,
  type PricePoint,
  SAVED_LISTINGS_PAGE_SIZE,
  type SavedListing,
  type SavedListingQuery,
  type Sighting,
  sameProperty,
} from '@immoloupe/shared/listings/store.logic';
import type { Queryable } from '../../db/client.js';
import { communeOf } from './analysis.js';

interface StoredRow extends Sighting {
  id: string;
  sources: { portal: string; portalId: string | null }[];
}

const COLUMNS: [keyof ListingFields, string][] = [
  ['transaction', 'transaction'],
  ['propertyType', 'property_type'],
  ['title', 'title'],
  ['price', 'price'],
  ['surface', 'surface'],
  ['rooms', 'rooms'],
  ['bedrooms', 'bedrooms'],
  ['landArea', 'land_area'],
  ['floor', 'floor'],
  ['dpeClass', 'dpe_class'],
  ['dpeValue', 'dpe_value'],
  ['gesClass', 'ges_class'],
  ['gesValue', 'ges_value'],
  ['postcode', 'postcode'],
  ['city', 'city'],
  ['district', 'district'],
  ['streetAddress', 'street_address'],
  ['description', 'description'],
  ['seller', 'seller'],
  ['lat', 'lat'],
  ['lon', 'lon'],
];

function values(f: ListingFields): unknown[] {
  return [
    ...COLUMNS.map(([k]) => f[k] ?? null),
    f.photos?.[0] ?? null,
    /^\d{4}-\d{2}-\d{2}/.test(f.publishedAt ?? '') ? f.publishedAt?.slice(0, 10) : null,
  ];
}

/**
 * What the sighting says of its position's origin: true or false for a position the agent picked
 * (a BAN address or street, or another pick), null when it says nothing (a portal's page, a feed)
 * or gives no position.
 */
function placedByBan(f: ListingFields): boolean | null {
  return f.lat != null && f.lon != null && f.placedByBan != null ? f.placedByBan : null;
}

/** Stored listings of the same owner that could be the same property (same portal id or postcode). */
async function candidates(db: Queryable, userId: string | null, f: ListingFields): Promise<StoredRow[]> {
  return db.query<StoredRow>(
    `SELECT l.id, l.property_type AS "propertyType", l.surface::float8 AS surface, l.postcode, l.lat, l.lon, l.rooms, l.title,
            '' AS portal,
            coalesce((SELECT json_agg(json_build_object('portal', s.portal, 'portalId', s.portal_id))
                        FROM listing_sources s WHERE s.listing_id = l.id), '[]'::json) AS sources
       FROM listings l
      WHERE l.user_id IS NOT DISTINCT FROM $1::uuid
        AND ((l.postcode = $2 AND l.property_type = $5 AND l.surface BETWEEN $6::numeric * 0.96 AND $6::numeric / 0.96)
             OR EXISTS (SELECT 1 FROM listing_sources s WHERE s.listing_id = l.id AND s.portal = $3 AND s.portal_id = $4))`,
    // The SQL pre-filter is a little wider than the 3 % rule, which `sameProperty` applies exactly.
    [userId, f.postcode ?? null, f.portal, f.portalId ?? null, f.propertyType ?? null, f.surface ?? null],
  );
}

/** Saves one sighting; returns the listing id and whether it joined a stored listing. */
export async function saveSighting(
  db: Queryable,
  userId: string | null,
  f: ListingFields,
  importRunId: number | null = null,
  options: { pricePointOnlyOnChange?: boolean } = {},
): Promise<{ id: string; merged: boolean; pricePoint: PricePoint }> {
  const sighting: Sighting = { ...f, portal: f.portal };
  const insee = communeOf(f)?.insee ?? null;
  const match = (await candidates(db, userId, f)).find((c) => sameProperty(c, sighting));
  let id: string;
  if (match) {
    id = match.id;
    // Newer values win; a value this sighting does not give keeps the stored one. A position the
    // agent picked in the BAN is kept against a portal's or a feed's (which say nothing of its
    // origin): portals round theirs. Another pick by the agent replaces it.
    const ban = `$${COLUMNS.length + 5}::boolean`;
    const sets = COLUMNS.map(([, col], i) =>
      col === 'lat' || col === 'lon'
        ? `${col} = CASE WHEN ${ban} IS NULL AND placed_by_ban THEN ${col} ELSE coalesce($${i + 2}, ${col}) END`
        : `${col} = coalesce($${i + 2}, ${col})`,
    ).join(', ');
    await db.query(
      `UPDATE listings SET ${sets}, photo_url = coalesce($${COLUMNS.length + 2}, photo_url),
              published_at = coalesce($${COLUMNS.length + 3}::date, published_at),
              insee = coalesce($${COLUMNS.length + 4}, insee), last_seen_at = now(),
              placed_by_ban = CASE WHEN ${ban} IS NULL THEN placed_by_ban ELSE ${ban} END
        WHERE id = $1`,
      [id, ...values(f), insee, placedByBan(f)],
    );
  } else {
    const cols = [...COLUMNS.map(([, c]) => c), 'photo_url', 'published_at', 'insee', 'placed_by_ban'];
    const placeholders = cols.map((_, i) => `$${i + 3}`);
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO listings (user_id, import_run_id, ${cols.join(', ')}) VALUES ($1, $2, ${placeholders.join(', ')}) RETURNING id`,
      [userId, importRunId, ...values(f), insee, placedByBan(f) ?? false],
    );
    id = (row as { id: string }).id;
  }
  const [source] = await db.query<{ n: number }>(
    `UPDATE listing_sources SET last_seen_at = now(), url = coalesce($4, url)
      WHERE listing_id = $1 AND portal = $2 AND portal_id IS NOT DISTINCT FROM $3 RETURNING 1 AS n`,
    [id, f.portal, f.portalId ?? null, f.url ?? null],
  );
  if (!source) {
    await db.query('INSERT INTO listing_sources (listing_id, portal, portal_id, url) VALUES ($1, $2, $3, $4)', [
      id,
      f.portal,
      f.portalId ?? null,
      f.url ?? null,
    ]);
  }
  if (!f.price) return { id, merged: Boolean(match), pricePoint: 'none' };
  // A subscriber's listing keeps one price a day and a site: a price saved again the same day on
  // the same portal is a correction (a price misread, then typed in by hand) or the same reading,
  // never a drop. A feed keeps each capture that changed the price.
  if (userId !== null && (await replaceTodaysPoint(db, id, f.price, f.portal))) {
    return { id, merged: Boolean(match), pricePoint: 'replaced' };
  }
  // A feed re-imported as is adds nothing: its price point is written only when the price moved
  // from the latest one (same-instant points of one import all count as the latest).
  const onlyOnChange = options.pricePointOnlyOnChange
    ? `WHERE NOT EXISTS (SELECT 1 FROM listing_prices p WHERE p.listing_id = $1 AND p.price = $2
                           AND p.seen_at = (SELECT max(q.seen_at) FROM listing_prices q WHERE q.listing_id = $1))`
    : '';
  const added = await db.query(
    `INSERT INTO listing_prices (listing_id, price, portal) SELECT $1::uuid, $2::numeric, $3::text ${onlyOnChange} RETURNING 1 AS n`,
    [id, f.price, f.portal],
  );
  return { id, merged: Boolean(match), pricePoint: added.length > 0 ? 'added' : 'none' };
}

/** The listing's latest point, when it is today's (Paris time) on this portal, takes the new price. */
async function replaceTodaysPoint(db: Queryable, id: string, price: number, portal: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE listing_prices p SET price = $2, seen_at = now()
       FROM (SELECT ctid FROM listing_prices WHERE listing_id = $1 ORDER BY seen_at DESC LIMIT 1) latest
      WHERE p.ctid = latest.ctid AND p.portal = $3
        AND (p.seen_at AT TIME ZONE 'Europe/Paris')::date = (now() AT TIME ZONE 'Europe/Paris')::date
      RETURNING 1 AS n`,
    [id, price, portal],
  );
  return rows.length > 0;
}

const SELECT = `
  SELECT l.id, l.status, l.notes, l.transaction, l.property_type AS "propertyType", l.title, l.price::float8 AS price,
         l.surface::float8 AS surface, l.rooms, l.bedrooms, l.land_area::float8 AS "landArea", l.floor,
         l.dpe_class AS "dpeClass", l.dpe_value::float8 AS "dpeValue", l.ges_class AS "gesClass", l.ges_value::float8 AS "gesValue",
         l.postcode, l.city, l.district, l.street_address AS "streetAddress", l.description, l.seller, l.lat, l.lon,
         l.placed_by_ban AS "placedByBan", l.photo_url AS "photoUrl",
         to_char(l.published_at, 'YYYY-MM-DD') AS "publishedAt",
         to_char(l.first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "firstSeenAt",
         to_char(l.last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastSeenAt",
         coalesce((SELECT json_agg(json_build_object('portal', s.portal, 'portalId', s.portal_id, 'url', s.url) ORDER BY s.first_seen_at)
                     FROM listing_sources s WHERE s.listing_id = l.id), '[]'::json) AS sources,
         coalesce((SELECT json_agg(json_build_object('price', p.price::float8, 'portal', p.portal,
                                   'seenAt', to_char(p.seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY p.seen_at)
                     FROM listing_prices p WHERE p.listing_id = l.id), '[]'::json) AS prices
    FROM listings l`;

type Row = Omit<SavedListing, 'priceDrop'>;

function withDrop(r: Row): SavedListing {
  const first = r.prices[0]?.price;
  const last = r.prices.at(-1)?.price;
  return { ...r, priceDrop: first !== undefined && last !== undefined && last < first };
}

export async function listSaved(db: Queryable, userId: string): Promise<SavedListing[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE l.user_id = $1 ORDER BY l.last_seen_at DESC, l.id`, [userId]);
  return rows.map(withDrop);
}

const SAVED_PRICE_PER_M2 = `(CASE WHEN l.transaction = 'vente' AND l.price > 0 AND l.surface > 0 THEN l.price / l.surface END)`;

/** ORDER BY of « Mes annonces »; the id last, so that pages neither repeat nor skip a listing. */
function savedOrder(sort: SavedListingQuery['sort'], order: 'asc' | 'desc'): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'publication':
      return `l.published_at ${dir} NULLS LAST, l.last_seen_at DESC, l.id`;
    case 'prix':
      return `l.price ${dir} NULLS LAST, l.last_seen_at DESC, l.id`;
    case 'prix_m2':
      return `${SAVED_PRICE_PER_M2} ${dir} NULLS LAST, l.last_seen_at DESC, l.id`;
    default:
      return `l.last_seen_at ${dir}, l.id`;
  }
}

/** One page of a subscriber's saved listings, in the order asked, with their total. */
export async function pageSaved(
  db: Queryable,
  userId: string,
  q: SavedListingQuery & { page: number },
): Promise<{ total: number; listings: SavedListing[] }> {
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings l WHERE l.user_id = $1', [userId]);
  const rows = await db.query<Row>(`${SELECT} WHERE l.user_id = $1 ORDER BY ${savedOrder(q.sort, q.order)} LIMIT $2 OFFSET $3`, [
    userId,
    SAVED_LISTINGS_PAGE_SIZE,
    (q.page - 1) * SAVED_LISTINGS_PAGE_SIZE,
  ]);
  return { total: count?.n ?? 0, listings: rows.map(withDrop) };
}

export async function savedById(db: Queryable, userId: string, id: string): Promise<SavedListing | null> {
  const [row] = await db.query<Row>(`${SELECT} WHERE l.user_id = $1 AND l.id = $2`, [userId, id]);
  return row ? withDrop(row) : null;
}

export async function updateSaved(
  db: Queryable,
  userId: string,
  id: string,
  u: { status?: ListingStatus | undefined; notes?: string | undefined },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE listings SET status = coalesce($3, status), notes = coalesce($4, notes) WHERE user_id = $1 AND id = $2 RETURNING id`,
    [userId, id, u.status ?? null, u.notes ?? null],
  );
  return rows.length > 0;
}

export async function deleteSaved(db: Queryable, userId: string, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM listings WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id])).length > 0;
}

export type { Portal };

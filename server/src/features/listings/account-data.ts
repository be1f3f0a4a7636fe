/**
 * A user's saved listings (Mes annonces) with their portals and price history, and the last visit
 * of the listings feed, in the account export. The pool's listings (no `user_id`) are nobody's.
 */
import { type AccountDataPart, iso } from '../../auth/account-data.js';

export const listingAccountData: readonly AccountDataPart[] = [
  {
    key: 'savedListings',
    tables: ['listings'],
    async export(db, userId) {
      const listings = await db.query<Record<string, unknown> & { id: string; first_seen_at: Date; last_seen_at: Date }>(
        `SELECT id, status, notes, transaction, property_type, title, price, surface, rooms, bedrooms, land_area, floor, dpe_class,
                dpe_value, ges_class, ges_value, street_address, postcode, city, district, insee, description, photo_url, seller, lat, lon,
                placed_by_ban, published_at, first_seen_at, last_seen_at
           FROM listings WHERE user_id = $1 ORDER BY first_seen_at, id`,
        [userId],
      );
      const sources = await db.query<{
        listing_id: string;
        portal: string;
        portal_id: string | null;
        url: string | null;
        first_seen_at: Date;
        last_seen_at: Date;
      }>(
        `SELECT s.listing_id, s.portal, s.portal_id, s.url, s.first_seen_at, s.last_seen_at
           FROM listing_sources s JOIN listings l ON l.id = s.listing_id WHERE l.user_id = $1 ORDER BY s.first_seen_at`,
        [userId],
      );
      const prices = await db.query<{ listing_id: string; price: number; portal: string; seen_at: Date }>(
        `SELECT p.listing_id, p.price, p.portal, p.seen_at
           FROM listing_prices p JOIN listings l ON l.id = p.listing_id WHERE l.user_id = $1 ORDER BY p.seen_at`,
        [userId],
      );
      return listings.map(({ id, first_seen_at, last_seen_at, ...l }) => ({
        ...l,
        firstSeenAt: iso(first_seen_at),
        lastSeenAt: iso(last_seen_at),
        sources: sources
          .filter((s) => s.listing_id === id)
          .map((s) => ({
            portal: s.portal,
            portalId: s.portal_id,
            url: s.url,
            firstSeenAt: iso(s.first_seen_at),
            lastSeenAt: iso(s.last_seen_at),
          })),
        priceHistory: prices.filter((p) => p.listing_id === id).map((p) => ({ price: p.price, portal: p.portal, seenAt: iso(p.seen_at) })),
      }));
    },
  },
  {
    key: 'listingFeedLastVisitAt',
    tables: ['listing_feed_visits'],
    async export(db, userId) {
      const [visit] = await db.query<{ last_visit_at: Date }>('SELECT last_visit_at FROM listing_feed_visits WHERE user_id = $1', [userId]);
      return iso(visit?.last_visit_at);
    },
  },
];

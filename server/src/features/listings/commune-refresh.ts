/**
 * A listing's commune (`listings.insee`, which the pool's zones, its medians and the alerts read)
 * is `communeOfPlace` of its postcode and town, computed when the listing is saved. When that
 * function learns better (the villages of communes nouvelles, the arrondissements of Paris, Lyon
 * and Marseille), the listings saved before would keep the old answer until saved again. At start,
 * once per `COMMUNE_OF_PLACE_VERSION`, every distinct place is read again and the listings whose
 * commune changed are updated, in one transaction that concurrent starts wait for.
 */
import type { Db } from '../../db/client.js';
import { COMMUNE_OF_PLACE_VERSION, communeOfPlace } from '../geocode/index.js';

const SETTING = 'listings.commune_of_place_version';
/** Not the migrations' lock: this runs after them, in the same processes. */
const LOCK_KEY = 727_274_002;

/** Returns the number of listings filed under another commune. */
export async function refreshListingCommunes(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const [done] = await tx.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING]);
    if (done?.value === COMMUNE_OF_PLACE_VERSION) return 0;
    const places = await tx.query<{ postcode: string | null; city: string | null; insee: string | null }>(
      'SELECT DISTINCT postcode, city, insee FROM listings WHERE postcode IS NOT NULL OR city IS NOT NULL',
    );
    const changed = { postcode: [] as (string | null)[], city: [] as (string | null)[], insee: [] as string[] };
    for (const p of places) {
      // No answer today keeps the one saved: the store does the same when a portal gives no postcode.
      const insee = communeOfPlace(p.postcode, p.city)?.insee;
      if (!insee || insee === p.insee) continue;
      changed.postcode.push(p.postcode);
      changed.city.push(p.city);
      changed.insee.push(insee);
    }
    let updated = 0;
    if (changed.insee.length > 0) {
      const rows = await tx.query<{ n: number }>(
        `WITH u AS (
           UPDATE listings l SET insee = u.insee
             FROM unnest($1::text[], $2::text[], $3::text[]) AS u(postcode, city, insee)
            WHERE l.postcode IS NOT DISTINCT FROM u.postcode AND l.city IS NOT DISTINCT FROM u.city
              AND l.insee IS DISTINCT FROM u.insee
           RETURNING 1)
         SELECT count(*)::int AS n FROM u`,
        [changed.postcode, changed.city, changed.insee],
      );
      updated = rows[0]?.n ?? 0;
    }
    await tx.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [SETTING, COMMUNE_OF_PLACE_VERSION],
    );
    return updated;
  });
}

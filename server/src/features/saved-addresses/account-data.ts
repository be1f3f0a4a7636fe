/** A user's saved addresses (Mes adresses) with their notes, tags and watch, in the account export. */
import type { AccountDataPart } from '../../auth/account-data.js';

export const savedAddressAccountData: readonly AccountDataPart[] = [
  {
    key: 'savedAddresses',
    tables: ['saved_addresses'],
    export: (db, userId) =>
      db.query(
        `SELECT label, coalesce(address, label) AS address, lon, lat, insee, id_parcelle AS "idParcelle", notes, tags, watch,
                watch_radius_m AS "watchRadiusM", created_at AS "createdAt", updated_at AS "updatedAt"
           FROM saved_addresses WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
  },
];

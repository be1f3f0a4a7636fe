/** A user's saved searches (tool, query, alert, last count) in the account export. */
import type { AccountDataPart } from '../../auth/account-data.js';

export const savedSearchAccountData: readonly AccountDataPart[] = [
  {
    key: 'savedSearches',
    tables: ['saved_searches'],
    export: (db, userId) =>
      db.query(
        `SELECT tool, name, query, alert, last_count AS "lastCount", last_count_at AS "lastCountAt", created_at AS "createdAt",
                updated_at AS "updatedAt"
           FROM saved_searches WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
  },
];

/** The in-app notifications of a user's alerts, read or not, in the account export. */
import type { AccountDataPart } from '../../auth/account-data.js';

export const notificationAccountData: readonly AccountDataPart[] = [
  {
    key: 'notifications',
    tables: ['notifications'],
    export: (db, userId) =>
      db.query(
        `SELECT kind, name, subtitle, url, row_count AS "rowCount", rows, created_at AS "createdAt", read_at AS "readAt"
           FROM notifications WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
  },
];

/**
 * The alert e-mails built for a user in the account export (their content is the user's data too).
 * The alerts' watermarks are erased with the account but not exported: derived, no user content.
 */
import type { AccountDataPart } from '../../auth/account-data.js';

export const alertAccountData: readonly AccountDataPart[] = [
  {
    key: 'alertDigests',
    tables: ['alert_digests'],
    export: (db, userId) =>
      db.query(
        `SELECT frequency, recipient, subject, text, row_count AS "rowCount", status, created_at AS "createdAt", sent_at AS "sentAt"
           FROM alert_digests WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
  },
  { key: 'alertStates', tables: ['alert_states'] },
];

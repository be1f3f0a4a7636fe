/** The newsletters sent to a user (their subject and delivery, not their body) in the account export. */
import { type AccountDataPart, iso } from '../../auth/account-data.js';

export const newsletterAccountData: readonly AccountDataPart[] = [
  {
    key: 'newsletters',
    tables: ['newsletter_recipients'],
    async export(db, userId) {
      const rows = await db.query<{ subject: string; status: string; sent_at: Date | null; error: string | null }>(
        `SELECT n.subject, r.status, r.sent_at, r.error FROM newsletter_recipients r JOIN newsletters n ON n.id = r.newsletter_id
          WHERE r.user_id = $1 ORDER BY n.created_at`,
        [userId],
      );
      return rows.map((n) => ({ subject: n.subject, status: n.status, sentAt: iso(n.sent_at), error: n.error }));
    },
  },
];

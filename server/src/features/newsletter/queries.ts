/** The SQL of newsletters: segments, the recipients' snapshot, batches, progress and consent. */
import { type NewsletterSummary, SEGMENTS, type Segment } from '@immoloupe/shared/newsletter/contracts';
import { ABO_ACTIVE_SQL } from '../../auth/account-store.js';
import type { Queryable } from '../../db/client.js';

/** Who may receive a newsletter at all: opted in, address confirmed and deliverable, account enabled. */
const ELIGIBLE = `u.marketing_consent AND u.email_verified_at IS NOT NULL AND u.email_undeliverable_at IS NULL AND u.disabled_at IS NULL`;

const SEGMENT_SQL: Record<Segment, string> = {
  'abonnes-actifs': ABO_ACTIVE_SQL,
  'inscrits-sans-abonnement': 's.client_id IS NULL',
  'abonnements-termines': `s.client_id IS NOT NULL AND NOT ${ABO_ACTIVE_SQL}`,
  tous: 'true',
};

const segmentFrom = (
  segment: Segment,
) => `FROM users u LEFT JOIN clients c ON c.user_id = u.id LEFT JOIN subscriptions s ON s.client_id = c.id
  WHERE ${ELIGIBLE} AND (${SEGMENT_SQL[segment]})`;

export async function segmentCounts(db: Queryable): Promise<{ segment: Segment; label: string; recipients: number }[]> {
  const result = [];
  for (const segment of Object.keys(SEGMENTS) as Segment[]) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*) AS n ${segmentFrom(segment)}`);
    result.push({ segment, label: SEGMENTS[segment], recipients: row?.n ?? 0 });
  }
  return result;
}

/** Creates the newsletter with the snapshot of its segment; returns its id and the number of recipients. */
export async function createNewsletter(
  db: Queryable,
  input: { subject: string; preheader: string; bodyHtml: string; segment: Segment; adminId: string | null; adminEmail: string },
): Promise<{ id: number; recipients: number }> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO newsletters (subject, preheader, body_html, segment, created_by, created_by_email)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.subject, input.preheader, input.bodyHtml, input.segment, input.adminId, input.adminEmail],
  );
  const id = Number((row as { id: number }).id);
  const inserted = await db.query(
    `INSERT INTO newsletter_recipients (newsletter_id, user_id, email) SELECT $1, u.id, u.email ${segmentFrom(input.segment)} RETURNING user_id`,
    [id],
  );
  return { id, recipients: inserted.length };
}

export interface NewsletterRow {
  id: number;
  subject: string;
  preheader: string;
  body_html: string;
  status: 'sending' | 'sent' | 'failed';
  created_at: Date;
}

export async function newsletterById(db: Queryable, id: number): Promise<NewsletterRow | null> {
  const [row] = await db.query<NewsletterRow>(
    'SELECT id, subject, preheader, body_html, status, created_at FROM newsletters WHERE id = $1',
    [id],
  );
  return row ? { ...row, created_at: new Date(row.created_at) } : null;
}

/**
 * Start of a run of the send job. One run per newsletter at a time (the queue's singleton policy),
 * so whatever is still `claimed` or `sending` was left by a run that died: `claimed` recipients were
 * never called and go back to pending; `sending` ones were being called, and are returned for the
 * caller to ask Brevo whether the e-mail left.
 */
export async function recipientsLeftByDeadRun(db: Queryable, newsletterId: number): Promise<{ user_id: string; email: string }[]> {
  await db.query(`UPDATE newsletter_recipients SET status = 'pending', claimed_at = NULL WHERE newsletter_id = $1 AND status = 'claimed'`, [
    newsletterId,
  ]);
  return db.query<{ user_id: string; email: string }>(
    `SELECT user_id, email FROM newsletter_recipients WHERE newsletter_id = $1 AND status = 'sending' ORDER BY email`,
    [newsletterId],
  );
}

/** Written (and committed) just before the calls to Brevo: from here on a crash leaves them in doubt. */
export async function markSending(db: Queryable, newsletterId: number, userIds: string[]): Promise<void> {
  await db.query(`UPDATE newsletter_recipients SET status = 'sending' WHERE newsletter_id = $1 AND user_id = ANY($2::uuid[])`, [
    newsletterId,
    userIds,
  ]);
}

/** A recipient whose call failed for a passing reason: sent again by the job's next try. */
export async function releaseRecipient(db: Queryable, newsletterId: number, userId: string): Promise<void> {
  await db.query(`UPDATE newsletter_recipients SET status = 'pending', claimed_at = NULL WHERE newsletter_id = $1 AND user_id = $2`, [
    newsletterId,
    userId,
  ]);
}

/**
 * Takes the next batch of recipients for this process. Recipients who withdrew their consent
 * (or whose address bounced) since the snapshot are dropped first; SKIP LOCKED lets several
 * processes share one send without sending anyone twice.
 */
export async function claimBatch(db: Queryable, newsletterId: number, size: number): Promise<{ user_id: string; email: string }[]> {
  await db.query(
    `UPDATE newsletter_recipients r SET status = 'failed', error = 'Désinscrit ou adresse invalide avant l’envoi'
     FROM users u WHERE r.newsletter_id = $1 AND r.status = 'pending' AND u.id = r.user_id AND NOT (${ELIGIBLE})`,
    [newsletterId],
  );
  return db.query<{ user_id: string; email: string }>(
    `UPDATE newsletter_recipients r SET status = 'claimed', claimed_at = now()
     FROM (SELECT user_id FROM newsletter_recipients WHERE newsletter_id = $1 AND status = 'pending'
           ORDER BY email LIMIT $2 FOR UPDATE SKIP LOCKED) c
     WHERE r.newsletter_id = $1 AND r.user_id = c.user_id RETURNING r.user_id, r.email`,
    [newsletterId, size],
  );
}

export async function markRecipient(db: Queryable, newsletterId: number, userId: string, error: string | null): Promise<void> {
  await db.query(
    `UPDATE newsletter_recipients SET status = CASE WHEN $3::text IS NULL THEN 'sent' ELSE 'failed' END,
       sent_at = CASE WHEN $3::text IS NULL THEN now() END, error = $3
     WHERE newsletter_id = $1 AND user_id = $2`,
    [newsletterId, userId, error],
  );
}

/** Ends the send when nothing is left pending or claimed: `sent` when at least one went out. */
export async function finishIfDone(db: Queryable, newsletterId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE newsletters n SET finished_at = now(),
       status = CASE WHEN EXISTS (SELECT 1 FROM newsletter_recipients WHERE newsletter_id = n.id AND status = 'sent')
                       OR NOT EXISTS (SELECT 1 FROM newsletter_recipients WHERE newsletter_id = n.id) THEN 'sent' ELSE 'failed' END
     WHERE id = $1 AND status = 'sending'
       AND NOT EXISTS (SELECT 1 FROM newsletter_recipients WHERE newsletter_id = $1 AND status IN ('pending', 'claimed', 'sending'))
     RETURNING id`,
    [newsletterId],
  );
  return rows.length > 0;
}

/** Newsletters not finished yet (each has, or gets at start-up, a job on the queue). */
export async function unfinishedNewsletters(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM newsletters WHERE status = 'sending' ORDER BY id`);
  return rows.map((r) => Number(r.id));
}

interface SummaryRow {
  id: number;
  subject: string;
  segment: Segment;
  status: NewsletterSummary['status'];
  created_at: Date;
  created_by_email: string;
  finished_at: Date | null;
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
}

export async function listNewsletters(db: Queryable, id?: number): Promise<NewsletterSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT n.id, n.subject, n.segment, n.status, n.created_at, n.created_by_email, n.finished_at,
            count(r.user_id) AS recipients,
            count(*) FILTER (WHERE r.status = 'sent') AS sent,
            count(*) FILTER (WHERE r.status = 'failed') AS failed,
            count(*) FILTER (WHERE r.status IN ('pending', 'claimed', 'sending')) AS pending
     FROM newsletters n LEFT JOIN newsletter_recipients r ON r.newsletter_id = n.id
     WHERE ($1::bigint IS NULL OR n.id = $1)
     GROUP BY n.id ORDER BY n.id DESC LIMIT 50`,
    [id ?? null],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    subject: r.subject,
    segment: r.segment,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by_email,
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    recipients: Number(r.recipients),
    sent: Number(r.sent),
    failed: Number(r.failed),
    pending: Number(r.pending),
  }));
}

export async function setMarketingConsent(db: Queryable, userId: string, consent: boolean): Promise<string | null> {
  const [row] = await db.query<{ email: string }>(
    `UPDATE users SET marketing_consent = $2, marketing_consent_at = now() WHERE id = $1 RETURNING email`,
    [userId, consent],
  );
  return row?.email ?? null;
}

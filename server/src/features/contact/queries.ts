/** SQL of the contact feature's messages (its per-IP limit is the shared one of `auth/rate-limit.ts`). */
import type { ContactMessage, ContactMessageRecord } from '@immoloupe/shared/contact/contact-message';
import type { Db, Queryable } from '../../db/client.js';

/** How long a contact message is kept (the retention /cgu announces). */
export const CONTACT_MESSAGE_RETENTION = '3 years';

export async function insertContactMessage(tx: Queryable, m: ContactMessage): Promise<number> {
  await tx.query(`DELETE FROM contact_messages WHERE created_at < now() - interval '${CONTACT_MESSAGE_RETENTION}'`);
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id',
    [m.name, m.email, m.subject, m.message],
  );
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}

export async function markContactMessageMailed(db: Db, id: number): Promise<void> {
  await db.query('UPDATE contact_messages SET mailed_at = now() WHERE id = $1', [id]);
}

interface MessageRow {
  id: number;
  created_at: Date;
  name: string;
  email: string;
  subject: string;
  message: string;
  mailed_at: Date | null;
}

export async function listContactMessages(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ messages: ContactMessageRecord[]; total: number }> {
  const rows = await db.query<MessageRow>(
    `SELECT id, created_at, name, email, subject, message, mailed_at
       FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const [count] = await db.query<{ n: number }>('SELECT count(*) AS n FROM contact_messages');
  return {
    total: count?.n ?? 0,
    messages: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      mailedAt: r.mailed_at ? r.mailed_at.toISOString() : null,
    })),
  };
}

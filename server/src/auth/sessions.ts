/**
 * Server-side records of the signed-in browsers. The Auth.js cookie is a signed JWT carrying
 * the record's id; a request is signed in only while its record exists, so signing out, a
 * password change or a deleted account end sessions at once, on every app process.
 */
import type { Queryable } from '../db/client.js';

export async function createSession(db: Queryable, userId: string, maxAgeSec: number, userAgent: string | null): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO user_sessions (user_id, expires_at, user_agent)
     VALUES ($1, now() + make_interval(secs => $2), $3) RETURNING id`,
    [userId, maxAgeSec, userAgent?.slice(0, 300) ?? null],
  );
  return (rows[0] as { id: string }).id;
}

/** Rolls the expiry forward, like the cookie Auth.js re-issues on each session read. */
export async function touchSession(db: Queryable, sessionId: string, maxAgeSec: number): Promise<void> {
  await db.query('UPDATE user_sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2) WHERE id = $1', [
    sessionId,
    maxAgeSec,
  ]);
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE id = $1', [sessionId]);
}

/** Ends every session of the user but `keep` (the one that changed the password). */
export async function deleteOtherSessions(db: Queryable, userId: string, keep: string | null): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM user_sessions WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id',
    [userId, keep],
  );
  // Expired records of everyone are swept on the way: they can never sign a request in again.
  await db.query('DELETE FROM user_sessions WHERE expires_at < now()');
  return rows.length;
}

/**
 * The audit log of administrator actions. Every admin route that changes something calls
 * `recordAudit` once the change is made (inside the same transaction when it has one), so the
 * log never lists an action that did not happen.
 */
import type { AuditAction, AuditEntry } from '@immoloupe/shared/admin/audit-contracts';
import type { Request } from 'express';
import type { Queryable } from '../../db/client.js';

export interface AuditActor {
  id: string | null;
  email: string;
  ip: string | null;
}

/** The administrator behind a request (the admin guard has run before). */
export function auditActorOf(req: Request): AuditActor {
  return { id: req.user?.id ?? null, email: req.user?.email ?? 'inconnu', ip: req.ip ?? req.socket.remoteAddress ?? null };
}

export async function recordAudit(
  db: Queryable,
  actor: AuditActor,
  action: AuditAction,
  target: string | null = null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.query('INSERT INTO admin_audit (actor_id, actor_email, ip, action, target, details) VALUES ($1, $2, $3, $4, $5, $6)', [
    actor.id,
    actor.email,
    actor.ip,
    action,
    target,
    JSON.stringify(details),
  ]);
}

interface AuditRow {
  id: number;
  at: Date;
  actor_email: string;
  ip: string | null;
  action: AuditAction;
  target: string | null;
  details: Record<string, unknown> | string;
}

export async function listAudit(
  db: Queryable,
  filter: { action?: AuditAction | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const like = filter.q ? `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `WHERE ($1::text IS NULL OR action = $1)
    AND ($2::text IS NULL OR lower(actor_email) LIKE $2 OR lower(coalesce(target, '')) LIKE $2)`;
  const rows = await db.query<AuditRow>(
    `SELECT id, at, actor_email, ip, action, target, details FROM admin_audit ${where}
     ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4`,
    [filter.action ?? null, like, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM admin_audit ${where}`, [filter.action ?? null, like]);
  return {
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actorEmail: r.actor_email,
      ip: r.ip,
      action: r.action,
      target: r.target,
      details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
    })),
    total: count?.n ?? 0,
  };
}

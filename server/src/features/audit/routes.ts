/** `GET /api/admin/audit`: the audit log, newest first, filtered by action and by text (administrators). */
import { AUDIT_PAGE_SIZE, type AuditListResponse, auditQuerySchema } from '@immoloupe/shared/admin/audit-contracts';
import { Router } from 'express';
import { requireAdmin } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { listAudit } from './audit.js';

export function auditRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/admin/audit', requireAdmin, async (req, res) => {
    const { action, q, page } = auditQuerySchema.parse(req.query);
    const result = await listAudit(deps.db, { action, q, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
    res.set('Cache-Control', 'no-store').json(result satisfies AuditListResponse);
  });
  return router;
}

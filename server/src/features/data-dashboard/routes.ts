/** `GET /api/admin/data`: the data dashboard of the administration (administrators only). */
import type { DataDashboard } from '@immoloupe/shared/admin/data-dashboard';
import { Router } from 'express';
import { requireAdmin } from '../../auth/guards.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { dataDashboard } from './queries.js';

export function dataDashboardRoutes(deps: { db: Db; config: Config }): Router {
  const { config } = deps;
  const releases = {
    dvf: config.DATA_RELEASE_DVF ?? null,
    cadastre: config.DATA_RELEASE_CADASTRE ?? null,
    dpe: config.DATA_RELEASE_DPE ?? null,
    copro: config.DATA_RELEASE_COPRO ?? null,
    ban: config.DATA_RELEASE_BAN ?? null,
  };
  const router = Router();
  router.get('/admin/data', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ datasets: await dataDashboard(deps.db, releases) } satisfies DataDashboard);
  });
  return router;
}

/**
 * `GET /api/pro/home`: what the pro home shows besides the session: the freshness of the open
 * data (the last successful import of each source, from the importers' `import_runs`).
 */
import type { DataFreshness } from '@immoloupe/shared/accounts/contracts';
import express from 'express';
import type { Db } from '../db/client.js';
import { requireSubscriber } from './guards.js';

const LABELS: Record<string, string> = {
  dvf: 'Ventes DVF',
  'dvf-raw': 'Ventes DVF (fichiers DGFiP)',
  cadastre: 'Cadastre',
  dpe: 'Diagnostics DPE (ADEME)',
  copro: 'Copropriétés (RNIC)',
  ban: 'Adresses (BAN)',
};

export function proHomeRoutes(deps: { db: Db }): express.Router {
  const router = express.Router();
  router.get('/pro/home', requireSubscriber, async (_req, res) => {
    const rows = await deps.db.query<{ source: string; finished_at: Date; vintage: string | null }>(
      `SELECT DISTINCT ON (source) source, finished_at, vintage FROM import_runs
       WHERE status = 'succeeded' AND finished_at IS NOT NULL ORDER BY source, finished_at DESC`,
    );
    const body: DataFreshness = {
      sources: rows.map((r) => ({
        source: r.source,
        label: LABELS[r.source] ?? r.source,
        lastImportAt: new Date(r.finished_at).toISOString(),
        vintage: r.vintage,
      })),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}

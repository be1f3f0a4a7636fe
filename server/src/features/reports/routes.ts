/**
 * Report PDFs, subscriber-only: `GET /api/reports/market.pdf?<analysis query>` and
 * `GET /api/reports/estimates/:id.pdf`, rendered from the print routes by headless Chromium;
 * `GET /api/reports/status` tells the pages whether the download is available here.
 */
import { marketStatsQuerySchema, zoneOf } from '@immoloupe/shared/market/contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { opinionById } from '../estimates/index.js';
import { chromiumPath, type PdfLimits, type PdfLog, renderPdf } from './pdf.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sendPdf(res: import('express').Response, pdf: Buffer, name: string) {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(pdf);
}

export function reportRoutes({
  db,
  chromiumPath: configured,
  log,
  pdfLimits,
}: {
  db: Db;
  chromiumPath?: string | undefined;
  log?: PdfLog;
  pdfLimits?: PdfLimits;
}): Router {
  const router = Router();

  router.get('/reports/status', requireSubscriber, (_req, res) => {
    res.json({ pdf: chromiumPath(configured) !== null });
  });

  router.get('/reports/market.pdf', requireSubscriber, async (req, res) => {
    // Validated here so that a bad query is a clear 400, not a PDF of an error page.
    const q = marketStatsQuerySchema.parse(req.query);
    const zone = zoneOf(q);
    if (typeof zone === 'string') throw new HttpError(400, zone);
    const query = new URLSearchParams(req.query as Record<string, string>).toString();
    sendPdf(
      res,
      await renderPdf(req, `/pdf/printanalysemarche?${query}`, configured, log, pdfLimits),
      q.from && q.to ? `analyse-marche-${q.from}-${q.to}.pdf` : 'analyse-marche.pdf',
    );
  });

  router.get('/reports/estimates/:file', requireSubscriber, async (req, res) => {
    const id = String(req.params.file).replace(/\.pdf$/, '');
    if (!UUID.test(id) || !(await opinionById(db, (req.user as { id: string }).id, id))) {
      throw new HttpError(404, 'Cet avis de valeur n’existe pas ou ne vous appartient pas.');
    }
    sendPdf(
      res,
      await renderPdf(req, `/pdf/printestimationavis?id=${id}`, configured, log, pdfLimits),
      `avis-de-valeur-${id.slice(0, 8)}.pdf`,
    );
  });

  return router;
}

/**
 * The administrators' imports (`/api/admin/imports`, admin only): the list of import runs with the
 * live progress of a running one, and starting an import from a département code (download of the
 * official files) or from an uploaded file, as jobs of the durable queue, one at a time. Plus the
 * public data freshness (`/api/data/freshness`) shown as "Données DVF à jour au …".
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { departementImportSchema, type Freshness, type ImportRunsResponse } from '@immoloupe/shared/opendata/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { requireAdmin } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { departementImportLabel } from '../../importers/departement.js';
import { parseYears } from '../../importers/download.js';
import { ImportError } from '../../importers/errors.js';
import { SOURCES, type Source } from '../../importers/importer.js';
import { markInterruptedRuns } from '../../importers/run.js';
import type { Logger } from '../../logger.js';
import { auditActorOf, recordAudit } from '../audit/index.js';
import type { ImportJobs } from './jobs.js';
import { dataFreshness, listImportRuns } from './queries.js';

/** Largest uploaded file: a département's raw files fit; national files go through the command line. */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

const uploadQuerySchema = z.object({
  nom: z
    .string({ error: 'Le nom du fichier (paramètre nom) est obligatoire.' })
    .trim()
    .min(1, 'Le nom du fichier (paramètre nom) est obligatoire.')
    .max(200, 'Nom de fichier trop long.'),
  source: z.enum(SOURCES, { error: `Source inconnue (choisissez parmi ${SOURCES.join(', ')}).` }).optional(),
});

function defaultYears(): string {
  const now = new Date().getFullYear();
  return `${now - 5}-${now - 1}`;
}

/** The contract has checked the years already; a refusal left (the default range) is the client's, not a 500. */
function yearsOrRefusal(spec: string): number[] {
  try {
    return parseYears(spec);
  } catch (err) {
    if (err instanceof ImportError) throw new HttpError(400, err.message);
    throw err;
  }
}

const BUSY = 'Un import est déjà en cours\u00a0: attendez qu’il se termine.';
const NO_QUEUE = 'Les imports en arrière-plan ne sont pas disponibles sur ce serveur (file de tâches arrêtée).';

/** `imports` absent (some tests): the list and freshness answer, starting an import does not. */
export function importRoutes(deps: { db: Db; log: Logger; imports?: ImportJobs | undefined }): Router {
  const router = Router();
  const imports = deps.imports;
  // Runs left `running` by a server or command that was killed: said so in the list.
  markInterruptedRuns(deps.db).catch((err: unknown) => deps.log.warn('interrupted import runs not marked', { err }));

  router.get('/data/freshness', async (_req, res) => {
    res.set('cache-control', 'public, max-age=60');
    res.json((await dataFreshness(deps.db)) satisfies Freshness);
  });

  router.get('/admin/imports', requireAdmin, async (_req, res) => {
    res.set('cache-control', 'no-store');
    res.json({ runs: await listImportRuns(deps.db), jobs: imports ? await imports.list() : [] } satisfies ImportRunsResponse);
  });

  router.post('/admin/imports/departement', requireAdmin, async (req, res) => {
    const { dep, years } = departementImportSchema.parse(req.body ?? {});
    if (!imports) throw new HttpError(503, NO_QUEUE);
    const yearList = yearsOrRefusal(years ?? defaultYears());
    const label = departementImportLabel(dep, yearList);
    const actor = auditActorOf(req);
    const job = await imports.start({ kind: 'departement', label, startedBy: req.user?.email ?? 'admin', actor, dep, years: yearList });
    if (!job) throw new HttpError(409, BUSY);
    await recordAudit(deps.db, actor, 'import.start', label, { dep, years: yearList });
    res.status(202).json({ job });
  });

  router.post('/admin/imports/upload', requireAdmin, async (req, res) => {
    const { nom, source } = uploadQuerySchema.parse(req.query);
    if (!imports) throw new HttpError(503, NO_QUEUE);
    if (await imports.running()) throw new HttpError(409, BUSY);
    const length = Number(req.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES)
      throw new HttpError(413, 'Fichier trop volumineux (2 Go au plus)\u00a0: importez-le avec la commande npm run data:import.');
    const name = path.basename(nom).replace(/[^\p{L}\p{N}._-]+/gu, '_');
    // Kept next to the data (not in the system's temporary folder) so that the job finds it again
    // after a restart.
    mkdirSync(imports.uploadDir, { recursive: true });
    const dir = mkdtempSync(path.join(imports.uploadDir, 'envoi-'));
    const file = path.join(dir, name);
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        done(received > MAX_UPLOAD_BYTES ? new Error('too large') : null, chunk);
      },
    });
    try {
      await pipeline(req, limit, createWriteStream(file));
    } catch {
      rmSync(dir, { recursive: true, force: true });
      if (received > MAX_UPLOAD_BYTES)
        throw new HttpError(413, 'Fichier trop volumineux (2 Go au plus)\u00a0: importez-le avec la commande npm run data:import.');
      throw new HttpError(400, 'L’envoi du fichier a été interrompu\u00a0: réessayez.');
    }
    const actor = auditActorOf(req);
    const job = await imports.start({
      kind: 'file',
      label: `Fichier ${name}`,
      startedBy: req.user?.email ?? 'admin',
      actor,
      file,
      name,
      ...(source ? { source: source as Source } : {}),
    });
    if (!job) {
      rmSync(dir, { recursive: true, force: true });
      throw new HttpError(409, BUSY);
    }
    await recordAudit(deps.db, actor, 'import.start', `Fichier ${name}`, { source: source ?? null });
    res.status(202).json({ job });
  });

  return router;
}

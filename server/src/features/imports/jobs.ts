/**
 * Imports started from the admin page are jobs of the durable queue (`imports.run`, one at a
 * time across processes): the request answers at once, the page follows the progress through
 * `import_runs`, and an import cut by a restart is run again from the start by the next process
 * (an import replaces the communes and years it covers, so a re-run is clean; decision 1000).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ImportJob } from '@immoloupe/shared/opendata/contracts';
import type { Db } from '../../db/client.js';
import { importDepartement } from '../../importers/departement.js';
import type { Source } from '../../importers/importer.js';
import type { OpenDataConfig } from '../../importers/open-data-config.js';
import { runImport } from '../../importers/run.js';
import type { JobQueue, JobView } from '../../jobs/queue.js';
import type { Logger } from '../../logger.js';

export const IMPORT_QUEUE = 'imports.run';

export type ImportPayload = { label: string; startedBy: string } & (
  | { kind: 'departement'; dep: string; years: number[] }
  | { kind: 'file'; file: string; name: string; source?: Source }
);

export interface ImportOutcome {
  ok: boolean;
  message: string;
}

const INTERNAL_FAILURE = 'L’import a échoué (erreur interne, voir le journal du serveur).';

function toImportJob(j: JobView): ImportJob {
  const payload = j.data as ImportPayload;
  const output = (j.output ?? {}) as Partial<ImportOutcome>;
  const base = { id: j.id, label: payload.label, startedAt: (j.startedOn ?? j.createdOn).toISOString() };
  switch (j.state) {
    case 'created':
      return { ...base, status: 'running', message: 'En attente de démarrage.' };
    case 'retry':
      return { ...base, status: 'running', message: 'Interrompu (arrêt du serveur ou erreur)\u00a0: relancé dans quelques secondes.' };
    case 'active':
      return { ...base, status: 'running', message: j.retryCount > 0 ? 'Relancé après une interruption.' : null };
    case 'completed':
      return { ...base, status: output.ok ? 'succeeded' : 'failed', message: output.message ?? null };
    case 'cancelled':
      return { ...base, status: 'failed', message: 'Annulé.' };
    default:
      return { ...base, status: 'failed', message: INTERNAL_FAILURE };
  }
}

export interface ImportJobsDeps {
  queue: JobQueue;
  db: Db;
  log: Logger;
  openData: OpenDataConfig;
  cacheDir: string;
}

export class ImportJobs {
  constructor(private readonly deps: ImportJobsDeps) {}

  /** Registers the worker of this process. */
  async init(): Promise<this> {
    await this.deps.queue.register<ImportPayload>(IMPORT_QUEUE, (payload) => this.run(payload), {
      policy: 'singleton',
      retryLimit: 2,
      retryDelaySeconds: 5,
      retryBackoff: false,
      expireInSeconds: 23 * 3600,
    });
    return this;
  }

  /** Folder of the uploaded files waiting for their import (kept until the job ends). */
  get uploadDir(): string {
    return path.join(this.deps.cacheDir, 'envois');
  }

  async list(): Promise<ImportJob[]> {
    return (await this.deps.queue.list(IMPORT_QUEUE, 20)).map(toImportJob);
  }

  async running(): Promise<boolean> {
    return (await this.list()).some((j) => j.status === 'running');
  }

  async start(payload: ImportPayload): Promise<ImportJob | null> {
    if (await this.running()) return null;
    // The singleton key refuses a second waiting import sent by another process at the same time.
    const id = await this.deps.queue.enqueue(IMPORT_QUEUE, payload, { singletonKey: 'import' });
    const job = id ? await this.deps.queue.get(IMPORT_QUEUE, id) : null;
    return job ? toImportJob(job) : null;
  }

  private async run(payload: ImportPayload): Promise<ImportOutcome> {
    const { db, openData, cacheDir, log } = this.deps;
    try {
      if (payload.kind === 'departement') {
        const result = await importDepartement(db, {
          config: openData,
          dep: payload.dep,
          years: payload.years,
          cacheDir,
          startedBy: payload.startedBy,
        });
        const failed = result.reports.filter((r) => r.status !== 'succeeded').length;
        const skipped = result.skipped.length > 0 ? ` ${result.skipped.length} fichier(s) absent(s) du serveur ignoré(s).` : '';
        return {
          ok: failed === 0,
          message:
            failed === 0
              ? `${result.reports.length} fichier(s) importé(s).${skipped}`
              : `${failed} import(s) en échec sur ${result.reports.length}\u00a0: les données précédentes sont intactes.${skipped}`,
        };
      }
      const report = await runImport(db, {
        path: payload.file,
        name: payload.name,
        startedBy: payload.startedBy,
        bounds: openData.bounds,
        ...(payload.source ? { source: payload.source } : {}),
      });
      rmSync(path.dirname(payload.file), { recursive: true, force: true });
      return report.status === 'succeeded'
        ? { ok: true, message: `${payload.name}\u00a0: ${report.rowsKept} ligne(s) importée(s), ${report.rowsRejected} rejetée(s).` }
        : { ok: false, message: report.error ?? 'Échec de l’import.' };
    } catch (err) {
      // A bad file or an unreachable server will not get better by retrying: it ends here.
      if (err instanceof Error && err.name === 'ImportError') {
        if (payload.kind === 'file') rmSync(path.dirname(payload.file), { recursive: true, force: true });
        return { ok: false, message: err.message };
      }
      log.error('admin import failed', { err, label: payload.label });
      throw err;
    }
  }
}

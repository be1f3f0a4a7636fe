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
import { type AuditActor, recordAudit } from '../audit/index.js';

export const IMPORT_QUEUE = 'imports.run';

/** `actor` is absent from jobs queued before the outcome was logged: the e-mail alone names them. */
export type ImportPayload = { label: string; startedBy: string; actor?: AuditActor } & (
  | { kind: 'departement'; dep: string; years: number[] }
  | { kind: 'file'; file: string; name: string; source?: Source }
);

export interface ImportOutcome {
  ok: boolean;
  message: string;
}

/** What the audit log keeps of an outcome: the counts of a success, the reason of a failure. */
type OutcomeDetails = { files: number; skipped: number; rowsKept: number; rowsRejected: number } | { reason: string };

const RETRY_LIMIT = 2;

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
    await this.deps.queue.register<ImportPayload>(IMPORT_QUEUE, (payload, ctx) => this.runAndLog(payload, ctx.retryCount), {
      policy: 'singleton',
      retryLimit: RETRY_LIMIT,
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

  /**
   * Runs the import and writes its outcome to the audit log, next to the « Import lancé » of the
   * request. An unexpected error is retried: only the last attempt's failure is an outcome.
   */
  private async runAndLog(payload: ImportPayload, retryCount: number): Promise<ImportOutcome> {
    let result: { outcome: ImportOutcome; details: OutcomeDetails };
    try {
      result = await this.run(payload);
    } catch (err) {
      if (retryCount >= RETRY_LIMIT) await this.logOutcome(payload, false, { reason: INTERNAL_FAILURE });
      throw err;
    }
    await this.logOutcome(payload, result.outcome.ok, result.details);
    return result.outcome;
  }

  private async logOutcome(payload: ImportPayload, ok: boolean, details: OutcomeDetails): Promise<void> {
    const actor = payload.actor ?? { id: null, email: payload.startedBy, ip: null };
    // The import is done whatever the log says: a refused entry (an account deleted meanwhile) must not fail the job.
    await recordAudit(this.deps.db, actor, ok ? 'import.success' : 'import.failure', payload.label, details).catch((err: unknown) =>
      this.deps.log.warn('import outcome not logged', { err, label: payload.label }),
    );
  }

  private async run(payload: ImportPayload): Promise<{ outcome: ImportOutcome; details: OutcomeDetails }> {
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
        const failures = result.reports.filter((r) => r.status !== 'succeeded');
        const skipped = result.skipped.length > 0 ? ` ${result.skipped.length} fichier(s) absent(s) du serveur ignoré(s).` : '';
        if (failures.length > 0) {
          const message = `${failures.length} import(s) en échec sur ${result.reports.length}\u00a0: les données précédentes sont intactes.${skipped}`;
          const reasons = failures.map((r) => `${r.fileName}\u00a0: ${r.error ?? 'échec'}`).join('\u00a0; ');
          return { outcome: { ok: false, message }, details: { reason: `${message} ${reasons}` } };
        }
        return {
          outcome: { ok: true, message: `${result.reports.length} fichier(s) importé(s).${skipped}` },
          details: {
            files: result.reports.length,
            skipped: result.skipped.length,
            rowsKept: result.reports.reduce((n, r) => n + r.rowsKept, 0),
            rowsRejected: result.reports.reduce((n, r) => n + r.rowsRejected, 0),
          },
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
      if (report.status !== 'succeeded') {
        const message = report.error ?? 'Échec de l’import.';
        return { outcome: { ok: false, message }, details: { reason: message } };
      }
      return {
        outcome: {
          ok: true,
          message: `${payload.name}\u00a0: ${report.rowsKept} ligne(s) importée(s), ${report.rowsRejected} rejetée(s).`,
        },
        details: { files: 1, skipped: 0, rowsKept: report.rowsKept, rowsRejected: report.rowsRejected },
      };
    } catch (err) {
      // A bad file or an unreachable server will not get better by retrying: it ends here.
      if (err instanceof Error && err.name === 'ImportError') {
        if (payload.kind === 'file') rmSync(path.dirname(payload.file), { recursive: true, force: true });
        return { outcome: { ok: false, message: err.message }, details: { reason: err.message } };
      }
      log.error('admin import failed', { err, label: payload.label });
      throw err;
    }
  }
}

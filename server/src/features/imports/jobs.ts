/**
 * Imports started from the admin page run inside the server process (PGlite allows one process
 * only), one at a time, in the background: the request answers at once and the page follows the
 * progress through `import_runs` and the live progress of this process.
 */
import { randomUUID } from 'node:crypto';
import type { ImportJob } from '@immoloupe/shared/opendata/contracts';
import type { Logger } from '../../logger.js';

export class ImportJobs {
  private readonly jobs: ImportJob[] = [];

  constructor(private readonly log: Logger) {}

  running(): ImportJob | undefined {
    return this.jobs.find((j) => j.status === 'running');
  }

  list(): ImportJob[] {
    return [...this.jobs];
  }

  /** Starts `work` unless a job is running; `work` returns the message shown when it ends. */
  start(label: string, work: (job: ImportJob) => Promise<{ ok: boolean; message: string }>): ImportJob | null {
    if (this.running()) return null;
    const job: ImportJob = { id: randomUUID(), label, status: 'running', message: null, startedAt: new Date().toISOString() };
    this.jobs.unshift(job);
    this.jobs.splice(20);
    work(job).then(
      (r) => {
        job.status = r.ok ? 'succeeded' : 'failed';
        job.message = r.message;
      },
      (err: unknown) => {
        job.status = 'failed';
        job.message =
          err instanceof Error && err.name === 'ImportError'
            ? err.message
            : 'L’import a échoué (erreur interne, voir le journal du serveur).';
        if (!(err instanceof Error && err.name === 'ImportError')) this.log.error('admin import failed', { err, label });
      },
    );
    return job;
  }
}

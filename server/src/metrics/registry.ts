/**
 * The process's Prometheus metrics (prom-client), in one registry served by `metrics/server.ts`
 * on its own port (decision 1401). Counters and histograms are fed where things happen (requests,
 * import runs, failed jobs); gauges are read at each scrape from what registered itself (the
 * database, the job queue, the PDF pool), so that nothing polls between scrapes.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbStats } from '../db/client.js';

export const registry = new Registry();

export const httpDuration = new Histogram({
  name: 'immoloupe_http_request_duration_seconds',
  help: 'Durée des requêtes HTTP, par méthode, motif de route et statut',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const importDuration = new Histogram({
  name: 'immoloupe_import_duration_seconds',
  help: 'Durée des imports de données ouvertes, par source et issue',
  labelNames: ['source', 'status'] as const,
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600, 7200],
  registers: [registry],
});

const importRows = new Counter({
  name: 'immoloupe_import_rows_total',
  help: 'Lignes lues par les imports, gardées ou rejetées, par source',
  labelNames: ['source', 'outcome'] as const,
  registers: [registry],
});

const jobFailures = new Counter({
  name: 'immoloupe_job_failures_total',
  help: 'Essais de tâches de fond en échec dans ce processus, par file',
  labelNames: ['queue'] as const,
  registers: [registry],
});

/** Something whose state a gauge reads at scrape time; `unregister` stops it being read. */
type Sources<T> = Set<() => T>;
function watch<T>(sources: Sources<T>, read: () => T): () => void {
  sources.add(read);
  return () => sources.delete(read);
}

const dbSources: Sources<DbStats> = new Set();

new Gauge({
  name: 'immoloupe_db_queries_in_flight',
  help: 'Requêtes et transactions en cours sur la base, par moteur',
  labelNames: ['engine'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of dbSources) {
      const s = read();
      this.inc({ engine: s.engine }, s.inFlight);
    }
  },
});

new Gauge({
  name: 'immoloupe_db_pool_connections',
  help: 'Connexions du pool PostgreSQL\u00a0: ouvertes (total), libres (idle), requêtes qui en attendent une (waiting)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of dbSources) {
      const pool = read().pool;
      if (!pool) continue;
      this.inc({ state: 'total' }, pool.total);
      this.inc({ state: 'idle' }, pool.idle);
      this.inc({ state: 'waiting' }, pool.waiting);
    }
  },
});

/** Jobs in the queue's table by queue and state (created, retry, active, failed). */
export type JobCounts = { queue: string; state: string; count: number }[];
const jobSources: Sources<Promise<JobCounts>> = new Set();

new Gauge({
  name: 'immoloupe_jobs',
  help: 'Tâches de fond dans la file, par file et état (created, retry, active, failed)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const read of jobSources) {
      // A scrape still answers when the database does not: the other series are worth having.
      const counts = await read().catch(() => [] as JobCounts);
      for (const c of counts) this.inc({ queue: c.queue, state: c.state }, c.count);
    }
  },
});

export interface PdfPoolStats {
  /** Renders running now, waiting for a page, and pages that may render at once. */
  running: number;
  queued: number;
  capacity: number;
}
const pdfSources: Sources<PdfPoolStats> = new Set();

new Gauge({
  name: 'immoloupe_pdf_renders',
  help: 'Rendus PDF\u00a0: en cours (running), en attente (queued), capacité du pool (capacity)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const state of ['running', 'queued', 'capacity'] as const) this.set({ state }, 0);
    for (const read of pdfSources) {
      const s = read();
      this.inc({ state: 'running' }, s.running);
      this.inc({ state: 'queued' }, s.queued);
      this.inc({ state: 'capacity' }, s.capacity);
    }
  },
});

/** main.ts: the database's queries in flight and, on PostgreSQL, its pool. */
export const watchDb = (read: () => DbStats) => watch(dbSources, read);
/** main.ts: the job queue's depth, counted in its table at each scrape. */
export const watchJobQueue = (read: () => Promise<JobCounts>) => watch(jobSources, read);
/** The PDF pool of reports and prospecting letters (`features/reports/pdf.ts`). */
export const watchPdfPool = (read: () => PdfPoolStats) => watch(pdfSources, read);

/** A run of `runImport`, succeeded or failed (`source` is `unknown` when the file was not recognised). */
export function observeImport(run: {
  source: string;
  status: 'succeeded' | 'failed';
  durationMs: number;
  rowsKept: number;
  rowsRejected: number;
}): void {
  importDuration.observe({ source: run.source, status: run.status }, run.durationMs / 1000);
  importRows.inc({ source: run.source, outcome: 'kept' }, run.rowsKept);
  importRows.inc({ source: run.source, outcome: 'rejected' }, run.rowsRejected);
}

/** A job's try that threw (`jobs/queue.ts`). */
export function countJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}

/**
 * Durable background jobs: pg-boss on the application's own database (PGlite or PostgreSQL,
 * through one SQL executor), plus leases with a heartbeat so that a job whose process was killed
 * goes back to the queue at once instead of after its expiry (decision 1000).
 *
 *   const jobs = await startJobQueue({ db, log });
 *   await jobs.register('alerts.send', async (payload, ctx) => { … }, { retryLimit: 5 });
 *   await jobs.enqueue('alerts.send', { userId });
 *   await jobs.schedule('alerts.daily', '0 7 * * *');
 *
 * Guarantees (tests in queue.test.ts and queue-processes.test.ts): a job is handed to one worker
 * at a time across processes (pg-boss fetches with SKIP LOCKED); a failure is retried with
 * exponential back-off and ends in `failed` (« échec ») with its error; a scheduled job is sent
 * once per slot whatever the number of processes; a killed job is run again from the start.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { countJobFailure, type JobCounts } from '../metrics/registry.js';

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first run, then 1, 2… on each retry. */
  retryCount: number;
}

export type JobHandler<T> = (payload: T, ctx: JobContext) => Promise<unknown>;

export interface RegisterOptions {
  /** Retries after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled at each retry when `retryBackoff`. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job older than this is failed by pg-boss (default 15 minutes, at most 23 hours). */
  expireInSeconds?: number;
  /** `singleton`: at most one job of this queue runs at a time, across processes. */
  policy?: 'standard' | 'singleton';
}

export interface EnqueueOptions {
  /** Two jobs with the same key cannot wait in the queue together (the second is not sent). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** A job as the product shows it. */
export interface JobView {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
  data: unknown;
  /** What the handler returned, or `{ message }` of its error. */
  output: unknown;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** French labels of the states (« échec » for a job that failed its last try). */
export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: 'en attente',
  retry: 'nouvel essai prévu',
  active: 'en cours',
  completed: 'terminé',
  cancelled: 'annulé',
  failed: 'échec',
};

export interface JobQueue {
  register<T>(name: string, handler: JobHandler<T>, options?: RegisterOptions): Promise<void>;
  enqueue<T extends object>(name: string, payload: T, options?: EnqueueOptions): Promise<string | null>;
  /** Cron expression (UTC, 5 fields); `name` must be registered. Idempotent. */
  schedule(name: string, cron: string, payload?: object): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** A job not yet finished is cancelled (a running handler is not interrupted). */
  cancel(name: string, id: string): Promise<void>;
  get(name: string, id: string): Promise<JobView | null>;
  /** Newest first. */
  list(name: string, limit?: number): Promise<JobView[]>;
  /** Jobs waiting, to be retried, running and failed, by queue (the metrics' queue depth). */
  counts(): Promise<JobCounts>;
  /** Stops polling and waits up to 10 s for the handlers in flight. */
  stop(): Promise<void>;
  /** Identity of this process's worker (`host:pid:random`), written in the leases. */
  readonly workerId: string;
}

export interface JobQueueOptions {
  db: Db;
  log: Logger;
  /** A lease without heartbeat for this long belongs to a dead process (default 60 s). */
  leaseSeconds?: number;
  /** How often each worker asks for a job (default 2 s). */
  pollingSeconds?: number;
  /** pg-boss schema (default `pgboss`); tests use their own. */
  schema?: string;
}

/** pg-boss runs its SQL through this: multi-statement scripts (its migrations) need `exec` on PGlite. */
export function bossExecutor(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        return { rows: await db.query(text, values ?? []) };
      } catch (err) {
        // PGlite prepares every query: a script of several statements (pg-boss's schema and
        // migrations, never with parameters) goes through `exec` instead.
        if (db.kind === 'pglite' && !values?.length && /multiple commands/.test(String(err))) {
          await db.exec(text);
          return { rows: [] };
        }
        throw err;
      }
    },
  };
}

function errorOutput(err: unknown): { message: string } {
  return { message: err instanceof Error ? err.message : String(err) };
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { db, log } = options;
  const schema = options.schema ?? 'pgboss';
  const leaseSeconds = options.leaseSeconds ?? 60;
  const pollingSeconds = options.pollingSeconds ?? 2;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const boss = new PgBoss({
    db: bossExecutor(db),
    schema,
    // The cron check runs each `cronMonitorIntervalSeconds` in ONE process (pg-boss takes a slot
    // in its version table), and each slot is sent once (singleton key per minute).
    cronMonitorIntervalSeconds: 5,
    cronWorkerIntervalSeconds: 2,
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (err: Error) => log.warn('job queue error', { err }));
  await boss.start();

  const handlers = new Map<string, true>();

  // Leases: written when a handler starts, deleted when it ends; their heartbeat says the process
  // is alive. A lease whose heartbeat stopped is a killed process: its job is failed, so that
  // pg-boss retries it now (a retry counts against the job's retry limit).
  async function reclaimStale(all: boolean): Promise<number> {
    const stale = await db.query<{ job_id: string; queue: string }>(
      all
        ? 'DELETE FROM job_leases WHERE worker <> $1 RETURNING job_id, queue'
        : `DELETE FROM job_leases WHERE worker <> $1 AND heartbeat_at < now() - make_interval(secs => $2) RETURNING job_id, queue`,
      all ? [workerId] : [workerId, leaseSeconds],
    );
    for (const lease of stale) {
      await boss.fail(lease.queue, lease.job_id, { message: 'Interrompu (processus arrêté pendant la tâche)' });
      log.warn('job interrupted by a stopped process: retried', { queue: lease.queue, jobId: lease.job_id });
    }
    return stale.length;
  }
  // PGlite is opened by one process only: every lease found at start is a dead process's.
  await reclaimStale(db.kind === 'pglite');
  const heartbeat = setInterval(
    () => {
      db.query('UPDATE job_leases SET heartbeat_at = now() WHERE worker = $1', [workerId])
        .then(() => reclaimStale(false))
        .catch((err: unknown) => log.warn('job lease heartbeat failed', { err }));
    },
    Math.max(500, (leaseSeconds * 1000) / 4),
  );
  heartbeat.unref();

  const view = (j: PgBoss.JobWithMetadata<unknown>): JobView => ({
    id: j.id,
    name: j.name,
    state: j.state as JobState,
    retryCount: j.retryCount,
    data: j.data,
    output: j.output ?? null,
    createdOn: j.createdOn,
    startedOn: j.startedOn ?? null,
    completedOn: j.completedOn ?? null,
  });

  return {
    workerId,
    async register<T>(name: string, handler: JobHandler<T>, opts: RegisterOptions = {}) {
      if (handlers.has(name)) throw new Error(`job ${name} registered twice`);
      handlers.set(name, true);
      const queueOptions: PgBoss.Queue = {
        name,
        policy: opts.policy ?? 'standard',
        retryLimit: opts.retryLimit ?? 3,
        retryDelay: opts.retryDelaySeconds ?? 30,
        retryBackoff: opts.retryBackoff ?? true,
        expireInSeconds: Math.min(opts.expireInSeconds ?? 15 * 60, 23 * 3600),
      };
      const existing = await boss.getQueue(name);
      if (existing) await boss.updateQueue(name, queueOptions);
      else await boss.createQueue(name, queueOptions);
      await boss.work<T>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: pollingSeconds }, async ([job]) => {
        if (!job) return;
        await db.query(
          'INSERT INTO job_leases (job_id, queue, worker) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO UPDATE SET worker = $3, started_at = now(), heartbeat_at = now()',
          [job.id, name, workerId],
        );
        try {
          const result = await handler(job.data, { id: job.id, name, retryCount: job.retryCount });
          // pg-boss stores a plain object as the job's output.
          return result !== null && typeof result === 'object' ? result : { result: result ?? null };
        } catch (err) {
          log.warn('job failed', { queue: name, jobId: job.id, retryCount: job.retryCount, err });
          countJobFailure(name);
          // pg-boss keeps the thrown error's message as the job's output.
          throw Object.assign(new Error(errorOutput(err).message), { stack: undefined });
        } finally {
          await db.query('DELETE FROM job_leases WHERE job_id = $1 AND worker = $2', [job.id, workerId]).catch(() => undefined);
        }
      });
    },
    async enqueue(name, payload, opts = {}) {
      return boss.send(name, payload, {
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      });
    },
    async schedule(name, cron, payload = {}) {
      await boss.schedule(name, cron, payload, { tz: 'UTC' });
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    async cancel(name, id) {
      await boss.cancel(name, id);
    },
    async get(name, id) {
      const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
      return job ? view(job) : null;
    },
    async list(name, limit = 20) {
      const rows = await db.query<{ id: string }>(`SELECT id FROM ${schema}.job WHERE name = $1 ORDER BY created_on DESC LIMIT $2`, [
        name,
        limit,
      ]);
      const jobs = await Promise.all(rows.map((r) => boss.getJobById<unknown>(name, r.id)));
      return jobs.filter((j): j is PgBoss.JobWithMetadata<unknown> => j !== null).map(view);
    },
    async counts() {
      // Completed jobs are left out: they are history, and the bulk of the table.
      return db.query<{ queue: string; state: string; count: number }>(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${schema}.job
          WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      );
    },
    async stop() {
      clearInterval(heartbeat);
      // Waits (10 s at most) for the handlers in flight; a longer one is given back by its lease.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * The job queue in one process, on the engine of the running project: a job runs and completes,
 * a failing job is retried with growing delays and ends in « échec » with its error, a killed
 * process's lease gives its job back. (Two processes and kill -9: queue-processes.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createLogger } from '../logger.js';
import { createTestDb } from '../test/db.js';
import { JOB_STATE_LABELS, type JobQueue, startJobQueue } from './queue.js';

const log = createLogger('silent');
let db: Db;
let jobs: JobQueue;

async function until<T>(what: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  db = await createTestDb();
  jobs = await startJobQueue({ db, log, pollingSeconds: 0.5, leaseSeconds: 2 });
});

afterAll(async () => {
  await jobs.stop();
  await db.close();
});

describe('job queue', () => {
  it('runs an enqueued job once and keeps what it returned', async () => {
    const seen: unknown[] = [];
    await jobs.register<{ n: number }>('test.ok', async (payload) => {
      seen.push(payload);
      return { doubled: payload.n * 2 };
    });
    const id = (await jobs.enqueue('test.ok', { n: 21 })) as string;
    const done = await until(async () => {
      const j = await jobs.get('test.ok', id);
      return j?.state === 'completed' ? j : null;
    });
    expect(done.output).toEqual({ doubled: 42 });
    expect(seen).toEqual([{ n: 21 }]);
    expect(await db.query('SELECT * FROM job_leases')).toEqual([]);
  });

  it('retries a failure with back-off, then ends in « échec » with the error', async () => {
    const runs: { at: number; retryCount: number }[] = [];
    await jobs.register(
      'test.fail',
      async (_p, ctx) => {
        runs.push({ at: Date.now(), retryCount: ctx.retryCount });
        throw new Error('Le serveur distant ne répond pas');
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true },
    );
    const id = (await jobs.enqueue('test.fail', {})) as string;
    const failed = await until(async () => {
      const j = await jobs.get('test.fail', id);
      return j?.state === 'failed' ? j : null;
    });
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1, 2]);
    // Back-off: the n-th retry waits at least retryDelay × 2^n (pg-boss adds up to as much jitter).
    const [a, b, c] = runs.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(1000);
    expect(c - b).toBeGreaterThanOrEqual(2000);
    expect(failed.retryCount).toBe(2);
    expect(failed.output).toMatchObject({ message: 'Le serveur distant ne répond pas' });
    expect(JOB_STATE_LABELS[failed.state]).toBe('échec');
  });

  it('gives back the job of a lease whose heartbeat stopped, and it runs again', async () => {
    let release: () => void = () => undefined;
    const runs: number[] = [];
    await jobs.register(
      'test.lease',
      async (_p, ctx) => {
        runs.push(ctx.retryCount);
        if (ctx.retryCount === 0) await new Promise<void>((r) => (release = r));
        return { ok: true };
      },
      { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
    );
    const id = (await jobs.enqueue('test.lease', {})) as string;
    await until(async () => runs.length === 1);
    // Another process took it and died: its lease stops beating.
    await db.query(`UPDATE job_leases SET worker = 'dead-host:1:x', heartbeat_at = now() - interval '1 hour' WHERE job_id = $1`, [id]);
    await until(async () => (await db.query('SELECT 1 FROM job_leases WHERE job_id = $1', [id])).length === 0);
    // This process's worker is still inside the first run (one job at a time): let it return,
    // its late completion must not complete the retry in its place.
    release();
    const done = await until(async () => {
      const j = await jobs.get('test.lease', id);
      return j?.state === 'completed' ? j : null;
    });
    expect(runs).toEqual([0, 1]);
    expect(done.retryCount).toBe(1);
  });

  it('lists the jobs of a queue, newest first', async () => {
    const list = await jobs.list('test.ok');
    expect(list.length).toBe(1);
    expect(list[0]?.state).toBe('completed');
  });
});

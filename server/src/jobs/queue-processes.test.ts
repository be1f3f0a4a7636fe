/**
 * The queue across real processes (testing/worker-process.ts): a job survives a kill -9 of its
 * process and completes once after a restart (both engines); on PostgreSQL, two processes never run
 * one job at the same time and a cron schedule is sent once per minute whatever the number of
 * processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite, openPostgres } from '../db/client.js';
import { createChildDatabase, createEmptyDatabase, dropDatabase, TEST_ENGINE } from '../test/db.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER = fileURLToPath(new URL('./testing/worker-process.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('../importers/child-register.mjs', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-jobs-'));
let databaseUrl = '';

interface Worker {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
}

function startWorker(dataDir: string, extra: Record<string, string> = {}): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, WORKER], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...extra },
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exit,
    async waitFor(text, timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (child.exitCode !== null) throw new Error(`worker exited before « ${text} »:\n${out}`);
        if (Date.now() > end) throw new Error(`no « ${text} » in time:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

async function open(dataDir: string): Promise<Db> {
  return databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openPglite(dataDir);
}

async function freshDatabase(): Promise<void> {
  await dropDatabase(databaseUrl);
  databaseUrl = await createEmptyDatabase('immoloupe_jobs');
}

// The first test's workers start from the migrated template; the later ones (PostgreSQL only) on
// an empty database, which their first starts migrate concurrently.
beforeAll(async () => {
  databaseUrl = await createChildDatabase('immoloupe_jobs', path.join(work, 'kill'));
});

afterAll(async () => {
  await dropDatabase(databaseUrl);
  rmSync(work, { recursive: true, force: true });
});

describe('jobs across processes', () => {
  it('a job whose process is killed with SIGKILL completes once after a restart', { timeout: 180_000 }, async () => {
    const dataDir = path.join(work, 'kill');
    const first = startWorker(dataDir, { ENQUEUE: '1', HOLD_MS: '600000' });
    await first.waitFor('STARTED');
    first.child.kill('SIGKILL');
    await first.exit;

    const second = startWorker(dataDir, { HOLD_MS: '0', EXIT_WHEN_IDLE: '1' });
    expect(await second.exit, second.output()).toBe(0);
    expect(second.output()).toContain('FINISHED');

    const db = await open(dataDir);
    try {
      const runs = await db.query<{ job_id: string; event: string }>(
        `SELECT job_id, event FROM test_job_runs WHERE queue = 'test.slow' ORDER BY id`,
      );
      expect(runs.map((r) => r.event)).toEqual(['start', 'start', 'end']);
      expect(new Set(runs.map((r) => r.job_id)).size).toBe(1);
      const [job] = await db.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'test.slow'`,
      );
      expect(job).toEqual({ state: 'completed', retry_count: 1 });
      expect(await db.query('SELECT * FROM job_leases')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('two processes never run one job at the same time', { timeout: 180_000 }, async () => {
    await freshDatabase();
    // The second starts once the first has migrated the new database (two first starts at the
    // same instant race on CREATE TABLE IF NOT EXISTS, a PostgreSQL limit outside this test).
    const a = startWorker('', { ENQUEUE: '24', HOLD_MS: '150' });
    await a.waitFor('READY');
    const b = startWorker('', { HOLD_MS: '150', EXIT_WHEN_IDLE: '1' });
    expect(await b.exit, b.output()).toBe(0);
    a.child.kill('SIGTERM');
    await a.exit;
    const db = await open('');
    try {
      const runs = await db.query<{ job_id: string; worker: string; event: string }>(
        `SELECT job_id, worker, event FROM test_job_runs WHERE queue = 'test.slow' ORDER BY id`,
      );
      const starts = runs.filter((r) => r.event === 'start');
      expect(starts.length).toBe(24);
      expect(new Set(starts.map((r) => r.job_id)).size).toBe(24);
      // Both processes worked: the guarantee was exercised, not avoided.
      expect(new Set(starts.map((r) => r.worker)).size).toBe(2);
    } finally {
      await db.close();
    }
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('a cron schedule is sent once per minute with two processes', { timeout: 180_000 }, async () => {
    await freshDatabase();
    const a = startWorker('', { SCHEDULE: '1' });
    await a.waitFor('READY');
    const b = startWorker('', { SCHEDULE: '1' });
    await b.waitFor('READY');
    const db = await open('');
    try {
      // Wait until two minute slots have been sent (at most ~2 minutes), then check each was sent once.
      const end = Date.now() + 170_000;
      let minutes: { minute: string; n: number }[] = [];
      while (Date.now() < end) {
        minutes = await db.query<{ minute: string; n: number }>(
          `SELECT to_char(date_trunc('minute', created_on), 'HH24:MI') AS minute, count(*)::int AS n
             FROM pgboss.job WHERE name = 'test.cron' GROUP BY 1 ORDER BY 1`,
        );
        if (minutes.length >= 2) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(minutes.length).toBeGreaterThanOrEqual(2);
      for (const m of minutes) expect(m.n, `minute ${m.minute}`).toBe(1);
    } finally {
      await db.close();
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      await Promise.all([a.exit, b.exit]);
    }
  });
});

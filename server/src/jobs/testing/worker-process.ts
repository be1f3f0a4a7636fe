/**
 * A test worker process: opens the database of DATABASE_URL (or the PGlite folder DATA_DIR),
 * migrates, starts the job queue and works `test.slow` (records each start and end in
 * `test_job_runs`, holding HOLD_MS in between) and `test.cron`. Env:
 * ENQUEUE=n sends n `test.slow` jobs; SCHEDULE=1 schedules `test.cron` every minute;
 * EXIT_WHEN_IDLE=1 exits once no `test.slow` job is waiting or running.
 * Prints READY, then STARTED <job id> / FINISHED <job id> lines.
 */
import { openDb } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { createLogger } from '../../logger.js';
import { startJobQueue } from '../queue.js';

const env = process.env;
const db = await openDb({ DATABASE_URL: env.DATABASE_URL || undefined, DATA_DIR: env.DATA_DIR ?? './data' });
await migrate(db);
await db.exec(`CREATE TABLE IF NOT EXISTS test_job_runs (
  id serial PRIMARY KEY, job_id uuid NOT NULL, queue text NOT NULL, worker text NOT NULL,
  event text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
const jobs = await startJobQueue({
  db,
  log: createLogger('silent'),
  leaseSeconds: Number(env.LEASE_SECONDS ?? 2),
  pollingSeconds: 0.5,
});
const hold = Number(env.HOLD_MS ?? 0);
await jobs.register(
  'test.slow',
  async (_p, ctx) => {
    await db.query(`INSERT INTO test_job_runs (job_id, queue, worker, event) VALUES ($1, 'test.slow', $2, 'start')`, [
      ctx.id,
      jobs.workerId,
    ]);
    process.stdout.write(`STARTED ${ctx.id}\n`);
    await new Promise((r) => setTimeout(r, hold));
    await db.query(`INSERT INTO test_job_runs (job_id, queue, worker, event) VALUES ($1, 'test.slow', $2, 'end')`, [ctx.id, jobs.workerId]);
    process.stdout.write(`FINISHED ${ctx.id}\n`);
    return { ok: true };
  },
  { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
);
await jobs.register('test.cron', async (_p, ctx) => {
  await db.query(`INSERT INTO test_job_runs (job_id, queue, worker, event) VALUES ($1, 'test.cron', $2, 'start')`, [ctx.id, jobs.workerId]);
});
if (env.SCHEDULE === '1') await jobs.schedule('test.cron', '* * * * *');
for (let i = 0; i < Number(env.ENQUEUE ?? 0); i++) await jobs.enqueue('test.slow', { i });
process.stdout.write('READY\n');

if (env.EXIT_WHEN_IDLE === '1') {
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.slow' AND state < 'completed'`,
    );
    if (row?.n === 0) break;
  }
  await jobs.stop();
  await db.close();
  process.exit(0);
}

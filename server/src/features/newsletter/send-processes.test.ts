/**
 * Newsletter sends on the job queue across real processes (testing/send-worker.ts) against a fake
 * Brevo in this process: a worker killed with SIGKILL while calls to Brevo are in flight, then
 * restarted, leaves every recipient with exactly one e-mail (both engines); on PostgreSQL, two
 * processes working the same send (its job enqueued twice) still send each e-mail once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openPglite, openPostgres } from '../../db/client.js';
import { createChildDatabase, dropDatabase, TEST_ENGINE } from '../../test/db.js';
import { startFakeBrevo } from './testing/fake-brevo.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WORKER = fileURLToPath(new URL('./testing/send-worker.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('../../importers/child-register.mjs', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-newsletter-'));
let databaseUrl = '';
let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;

interface Worker {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
  waitFor: (text: string) => Promise<void>;
}

function startWorker(dataDir: string, extra: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, WORKER], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BREVO_API_URL: brevo.url, ...extra },
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
    async waitFor(text) {
      const end = Date.now() + 60_000;
      while (!out.includes(text)) {
        if (child.exitCode !== null) throw new Error(`worker exited before « ${text} »:\n${out}`);
        if (Date.now() > end) throw new Error(`no « ${text} » in time:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const open = (dataDir: string): Promise<Db> => (databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openPglite(dataDir));

beforeEach(async () => {
  brevo = await startFakeBrevo();
  databaseUrl = await createChildDatabase('immoloupe_news', path.join(work, 'kill'));
});
afterEach(async () => {
  await brevo.close();
  await dropDatabase(databaseUrl);
  databaseUrl = '';
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Number of e-mails each address received for this newsletter. */
function received(newsletterId: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of brevo.tagged(`newsletter-${newsletterId}`)) {
    const to = c.body.to[0]?.email ?? '';
    counts[to] = (counts[to] ?? 0) + 1;
  }
  return counts;
}
const everyoneOnce = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`lecteur${String(i).padStart(2, '0')}@exemple.fr`, 1]));

describe('newsletter sends across processes', () => {
  it('a worker killed with SIGKILL during calls to Brevo: after a restart each recipient has exactly one e-mail', {
    timeout: 180_000,
  }, async () => {
    const dataDir = path.join(work, 'kill');
    // Batches of 4, five calls in parallel: calls 7 and 8 (second batch) reach Brevo and hang.
    brevo.state.holdAfter = 6;
    const first = startWorker(dataDir, { CREATE: '12' });
    await first.waitFor('NEWSLETTER ');
    const id = Number(/NEWSLETTER (\d+)/.exec(first.output())?.[1]);
    await until(() => brevo.calls.length >= 8, 'calls in flight');
    first.child.kill('SIGKILL');
    await first.exit;
    expect(Object.values(received(id)).length).toBe(8);

    brevo.state.holdAfter = Number.POSITIVE_INFINITY;
    const second = startWorker(dataDir, { EXIT_WHEN_DONE: '1' });
    expect(await second.exit, second.output()).toBe(0);
    expect(received(id)).toEqual(everyoneOnce(12));
    // The calls cut by the kill were checked with Brevo, not sent again: the two left hanging, and
    // the two answered whose answer the killed process may not have recorded yet.
    expect(brevo.lookups).toEqual(expect.arrayContaining(['lecteur06@exemple.fr', 'lecteur07@exemple.fr']));
    for (const email of brevo.lookups)
      expect(['lecteur04@exemple.fr', 'lecteur05@exemple.fr', 'lecteur06@exemple.fr', 'lecteur07@exemple.fr']).toContain(email);

    const db = await open(dataDir);
    try {
      const [n] = await db.query<{ status: string }>('SELECT status FROM newsletters WHERE id = $1', [id]);
      expect(n?.status).toBe('sent');
      const statuses = await db.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM newsletter_recipients WHERE newsletter_id = $1 GROUP BY status',
        [id],
      );
      expect(statuses).toEqual([{ status: 'sent', n: 12 }]);
      const [job] = await db.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'newsletter.send'`,
      );
      expect(job).toEqual({ state: 'completed', retry_count: 1 });
    } finally {
      await db.close();
    }
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('two processes, the send enqueued by both: each e-mail once', { timeout: 180_000 }, async () => {
    brevo.state.delayMs = 40;
    const a = startWorker('', { CREATE: '20' });
    await a.waitFor('READY');
    const id = Number(/NEWSLETTER (\d+)/.exec(a.output())?.[1]);
    const b = startWorker('', { ENQUEUE_ID: String(id), EXIT_WHEN_DONE: '1' });
    expect(await b.exit, b.output()).toBe(0);
    a.child.kill('SIGTERM');
    await a.exit;
    expect(received(id)).toEqual(everyoneOnce(20));
    const db = await open('');
    try {
      const jobs = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'newsletter.send'`);
      // Both jobs existed (the second was not refused at enqueue), and both ended well.
      expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
    } finally {
      await db.close();
    }
  });
});

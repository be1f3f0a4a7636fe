/**
 * An admin import on the job queue, its server killed with SIGKILL in the middle: the real server
 * (`main.ts`) runs in a child process on a PGlite folder (or a PostgreSQL database of its own when
 * the suite runs on PostgreSQL). An admin uploads a corrected DVF file from /pro/admin's API; the
 * import announces a point (IMMOLOUPE_TEST_HOLD_AT) with its progress visible to the admin, the
 * process is killed there, the previous data are intact, and a restarted server runs the same job
 * again to completion, once, while the admin follows it. The point: on PostgreSQL inside the merge
 * transaction; on PGlite while reading the file (after its first staged batch), because PGlite has
 * one connection and the open merge transaction would keep the admin page from reading progress.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ImportRunsResponse, importRunsResponseSchema } from '@immoloupe/shared/opendata/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_BUILD_DIR } from '../../app.js';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { type Db, openPglite, openPostgres } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { runImport } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { createChildDatabase, dropDatabase, TEST_ENGINE } from '../../test/db.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('../../importers/child-register.mjs', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-import-restart-'));
const dataDir = path.join(work, 'data');
const ADMIN = 'admin-imports@exemple.fr';
const PASSWORD = 'Un-mot-de-passe-solide-2026';
const HOLD = TEST_ENGINE === 'postgres' ? 'fusion' : 'lecture';
let databaseUrl = '';

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

async function startServer(extra: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3000',
      // A killed process's job goes back to the queue once its lease has gone 2 s without a beat.
      JOBS_LEASE_SECONDS: '2',
      IMMOLOUPE_TEST_HOLD_AT: '',
      ...extra,
    },
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const end = Date.now() + 90_000;
  for (;;) {
    const listening = /"url":"http:\/\/localhost:(\d+)"/.exec(out);
    if (listening) return { child, url: `http://127.0.0.1:${listening[1]}`, output: () => out, exit };
    if (child.exitCode !== null) throw new Error(`the server stopped before listening:\n${out}`);
    if (Date.now() > end) throw new Error(`the server did not listen in 90 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: not reached in time, last seen ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function openDb(): Promise<Db> {
  return databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openPglite(dataDir);
}

/** What the DVF import writes, and the runs and jobs it leaves. */
async function snapshot(db: Db) {
  const [s] = await db.query<{ lines: number; mutations: number; total_value: string; stages: number }>(
    `SELECT (SELECT count(*)::int FROM dvf_lines) AS lines, (SELECT count(*)::int FROM dvf_mutations) AS mutations,
            (SELECT sum(valeur_fonciere)::text FROM dvf_mutations) AS total_value,
            (SELECT count(*)::int FROM pg_tables WHERE tablename LIKE 'import\\_stage\\_%') AS stages`,
  );
  const runs = await db.query<{ status: string; file_name: string }>('SELECT status, file_name FROM import_runs ORDER BY id');
  return { ...(s as NonNullable<typeof s>), runs: runs.map((r) => `${r.file_name}: ${r.status}`) };
}

async function signedInAdmin(url: string): Promise<TestBrowser> {
  const b = new TestBrowser(url);
  expect(await b.signIn(ADMIN, PASSWORD)).toMatchObject({ ok: true });
  return b;
}

async function imports(b: TestBrowser): Promise<ImportRunsResponse> {
  // A request that never answers must fail the test, not hang it past its kill.
  const res = await Promise.race([
    b.api('/api/admin/imports'),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('GET /api/admin/imports: no answer in 20 s')), 20_000)),
  ]);
  expect(res.status).toBe(200);
  return importRunsResponseSchema.parse(await res.json());
}

beforeAll(async () => {
  databaseUrl = await createChildDatabase('immoloupe_restart', dataDir);
});

afterAll(async () => {
  await dropDatabase(databaseUrl);
  rmSync(work, { recursive: true, force: true });
});

describe('an admin import whose server is killed', () => {
  it('keeps the previous data, shows its progress, and completes once after the restart', { timeout: 300_000 }, async () => {
    expect(existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js')), 'web build missing: run « npm run build » first').toBe(true);
    // The previous data: DVF 2022 of Bondy, imported as the command line would.
    const setup = await openDb();
    await migrate(setup);
    await createAccount(setup, ADMIN, PASSWORD, { role: 'admin' });
    expect((await runImport(setup, { path: SAMPLES.dvfRawBondy, startedBy: 'cli:test' })).status).toBe('succeeded');
    const before = await snapshot(setup);
    await setup.close();
    expect(before).toMatchObject({ lines: 1901, stages: 0, runs: ['valeursfoncieres-2022_93010_bondy.txt: succeeded'] });

    // A corrected release of the same file: every price doubled.
    const [header, ...rows] = readFileSync(SAMPLES.dvfRawBondy, 'utf8').split('\n');
    const corrected = [
      header,
      ...rows.map((r) =>
        r.replace(
          /^((?:[^|]*\|){10})(\d+),(\d+)\|/,
          (_m, head, e, c) => `${head}${(Number(`${e}.${c}`) * 2).toFixed(2).replace('.', ',')}|`,
        ),
      ),
    ].join('\n');
    const NAME = 'valeursfoncieres-2022-corrige.txt';

    const first = await startServer({ IMMOLOUPE_TEST_HOLD_AT: HOLD });
    let killed = false;
    try {
      const admin = await signedInAdmin(first.url);
      const upload = await admin.fetch(`/api/admin/imports/upload?nom=${NAME}`, {
        method: 'POST',
        headers: { 'x-csrf-token': await admin.csrf(), 'content-type': 'application/octet-stream' },
        body: corrected,
      });
      expect(upload.status, await upload.clone().text()).toBe(202);
      const { job } = (await upload.json()) as { job: { id: string } };

      await until(
        `the ${HOLD} announced`,
        async () => first.output(),
        (out) => out.includes(`IMMOLOUPE_HOLD ${HOLD}`),
      );
      // Progress while it runs: the job running, its phase and its rows counted.
      const during = await imports(admin);
      expect(during.jobs).toEqual([expect.objectContaining({ id: job.id, status: 'running', label: `Fichier ${NAME}` })]);
      const run = during.runs.find((r) => r.fileName === NAME);
      expect(run, JSON.stringify(during.runs)).toMatchObject({ status: 'running', phase: HOLD });
      if (HOLD === 'fusion') expect(run?.rowsRead).toBe(1901);
      else expect(run?.rowsRead).toBeGreaterThanOrEqual(1000);

      first.child.kill('SIGKILL');
      killed = true;
      await first.exit;
    } finally {
      if (!killed) first.child.kill('SIGKILL');
    }

    // Killed while reading or before the merge committed: nothing of the corrected file is visible.
    const afterKill = await openDb();
    const intact = await snapshot(afterKill);
    await afterKill.close();
    expect({ ...intact, runs: undefined, stages: undefined }).toEqual({ ...before, runs: undefined, stages: undefined });
    expect(intact.runs).toEqual(['valeursfoncieres-2022_93010_bondy.txt: succeeded', `${NAME}: running`]);

    const second = await startServer();
    try {
      const admin = await signedInAdmin(second.url);
      const seen = new Set<string>();
      const done = await until(
        'the import completed after the restart',
        async () => {
          const r = await imports(admin);
          for (const j of r.jobs) seen.add(`${j.status}: ${j.message ?? ''}`);
          return r;
        },
        (r) => r.jobs[0]?.status !== 'running',
      );
      expect(done.jobs).toHaveLength(1);
      expect(done.jobs[0]).toMatchObject({ status: 'succeeded', message: `${NAME}\u00a0: 1901 ligne(s) importée(s), 0 rejetée(s).` });
      // The admin saw it waiting for its retry or running again, never failed.
      expect([...seen].some((s) => s.startsWith('running'))).toBe(true);
      expect(done.runs.map((r) => `${r.fileName}: ${r.status}`)).toEqual([
        `${NAME}: succeeded`,
        `${NAME}: interrupted`,
        'valeursfoncieres-2022_93010_bondy.txt: succeeded',
      ]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exit;
    }

    const end = await openDb();
    try {
      const after = await snapshot(end);
      expect(after).toMatchObject({ lines: before.lines, mutations: before.mutations, stages: 0 });
      expect(Number(after.total_value)).toBeCloseTo(Number(before.total_value) * 2, 2);
      // One job, run twice (the killed start, then the one that completed), completed once.
      const jobs = await end.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'imports.run'`,
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
      expect(await end.query('SELECT * FROM job_leases')).toEqual([]);
    } finally {
      await end.close();
    }
  });
});

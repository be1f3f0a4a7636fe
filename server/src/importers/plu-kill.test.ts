/**
 * An urban-planning import killed midway (SIGKILL while staging, and inside the merge transaction
 * before its commit) leaves the previous version of the document in place, and running it again
 * completes. As in import-kill.test.ts, the import command runs in a child process on a PGlite
 * data folder, or on a PostgreSQL database of its own when the suite runs on PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite, openPostgres } from '../db/client.js';
import { createChildDatabase, dropDatabase } from '../test/db.js';
import { SAMPLES } from './test-samples.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = fileURLToPath(new URL('../cli/data-import.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('./child-register.mjs', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-plu-kill-'));
const dataDir = path.join(work, 'data');
let databaseUrl = '';

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...extra,
  };
  delete e.IMMOLOUPE_TEST_HOLD_AT;
  return { ...e, ...extra };
}

function startCli(
  files: string[],
  extra: Record<string, string> = {},
): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, CLI, ...files], { cwd: ROOT, env: env(extra) });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

/** Runs the command and kills it when it announces `point`. */
async function killAt(point: 'lecture' | 'fusion', files: string[]): Promise<string> {
  const run = startCli(files, { IMMOLOUPE_TEST_HOLD_AT: point });
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (run.output().includes(`IMMOLOUPE_HOLD ${point}`)) {
        run.child.stdout?.off('data', check);
        run.child.stderr?.off('data', check);
        resolve();
      }
    };
    run.child.stdout?.on('data', check);
    run.child.stderr?.on('data', check);
    void run.exit.then(() => reject(new Error(`the import ended before ${point}:\n${run.output()}`)));
  });
  run.child.kill('SIGKILL');
  await run.exit;
  return run.output();
}

async function openDb(): Promise<Db> {
  return databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openPglite(dataDir);
}

/** The document, its layers and a hash of every feature. */
async function snapshot(): Promise<Record<string, unknown>> {
  const db = await openDb();
  try {
    const [s] = await db.query<Record<string, unknown>>(
      `SELECT (SELECT string_agg(idurba || ' ' || datappro::text, ',') FROM plu_documents) AS documents,
              (SELECT string_agg(layer || ':' || features, ',' ORDER BY layer) FROM plu_layers) AS layers,
              (SELECT count(*)::int FROM plu_features) AS features,
              (SELECT md5(string_agg(concat_ws('|', layer, idurba, libelle, geometry::text), ',' ORDER BY id)) FROM plu_features) AS hash,
              (SELECT count(*)::int FROM pg_tables WHERE tablename LIKE 'import\\_stage\\_%') AS stages`,
    );
    const runs = await db.query<{ status: string }>(`SELECT status FROM import_runs ORDER BY id`);
    return { ...s, runs: runs.map((r) => r.status) };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  databaseUrl = await createChildDatabase('immoloupe_plu_kill', dataDir);
});

afterAll(async () => {
  await dropDatabase(databaseUrl);
  rmSync(work, { recursive: true, force: true });
});

describe('a PLU import killed midway', () => {
  it('keeps the previous version of the document, and the re-run completes', { timeout: 240_000 }, async () => {
    const first = startCli([SAMPLES.plu.prescriptions2021]);
    expect(await first.exit, first.output()).toBe(0);
    const before = await snapshot();
    expect(before).toMatchObject({ documents: '200057875_PLUI_20210629 2021-06-29', features: 980, stages: 0, runs: ['succeeded'] });
    const same = (s: Record<string, unknown>) => ({ ...s, runs: undefined, stages: undefined });

    await killAt('lecture', [SAMPLES.plu.gpkg2025]);
    expect(same(await snapshot())).toEqual(same(before));
    await killAt('fusion', [SAMPLES.plu.gpkg2025]);
    expect(same(await snapshot())).toEqual(same(before));

    const rerun = startCli([SAMPLES.plu.gpkg2025]);
    expect(await rerun.exit, rerun.output()).toBe(0);
    const after = await snapshot();
    expect(after).toMatchObject({ documents: '200057875_PLUI_20250624 2025-06-24', features: 1590, stages: 0 });
    expect(after.runs).toEqual(['succeeded', 'interrupted', 'interrupted', 'succeeded']);
  });
});

/**
 * An import killed at any point leaves the previous data intact, and running it again completes.
 * The import command runs in a child process (as in production) on a PGlite data folder, or on a
 * PostgreSQL database of its own when the suite runs on PostgreSQL. The child is stopped with
 * SIGKILL at two points announced by the importer (IMMOLOUPE_TEST_HOLD_AT): while the file is
 * being staged, and inside the merge transaction before its commit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-kill-'));
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

/** Everything the import writes, provenance excluded. */
async function snapshot(): Promise<Record<string, unknown>> {
  const db = await openDb();
  try {
    const [s] = await db.query<Record<string, unknown>>(
      `SELECT (SELECT count(*)::int FROM dvf_lines) AS lines, (SELECT count(*)::int FROM dvf_mutations) AS mutations,
              (SELECT sum(valeur_fonciere) FROM dvf_mutations) AS total_value,
              (SELECT md5(string_agg(id_mutation || ':' || coalesce(valeur_fonciere::text, ''), ',' ORDER BY id_mutation)) FROM dvf_mutations) AS hash,
              (SELECT count(*)::int FROM dvf_sales) AS sales, (SELECT sum(n)::int FROM dvf_stats_monthly) AS stat_sales,
              (SELECT count(*)::int FROM parcels WHERE is_current) AS parcels,
              (SELECT count(*)::int FROM pg_tables WHERE tablename LIKE 'import\\_stage\\_%') AS stages,
              -- A same-size file takes the bulk path (indexes dropped, then built again): a kill must leave them all.
              (SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes
                WHERE tablename IN ('dvf_lines', 'dvf_mutations', 'dvf_sales')) AS indexes`,
    );
    const runs = await db.query<{ status: string }>(`SELECT status FROM import_runs ORDER BY id`);
    return { ...s, runs: runs.map((r) => r.status) };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  databaseUrl = await createChildDatabase('immoloupe_kill', dataDir);
});

afterAll(async () => {
  await dropDatabase(databaseUrl);
  rmSync(work, { recursive: true, force: true });
});

describe('an import killed midway', () => {
  it('leaves the previous data intact, and the re-run completes', { timeout: 240_000 }, async () => {
    const first = startCli([SAMPLES.cadastreBondy(2025), SAMPLES.dvfRawBondy]);
    expect(await first.exit, first.output()).toBe(0);
    const before = await snapshot();
    expect(before).toMatchObject({ lines: 1901, parcels: 7124, stages: 0, runs: ['succeeded', 'succeeded'] });

    // A corrected release of the same file: every price doubled.
    const corrected = path.join(work, 'valeursfoncieres-2022-corrige.txt');
    const [header, ...rows] = readFileSync(SAMPLES.dvfRawBondy, 'utf8').split('\n');
    writeFileSync(
      corrected,
      [
        header,
        ...rows.map((r) =>
          r.replace(
            /^((?:[^|]*\|){10})(\d+),(\d+)\|/,
            (_m, head, e, c) => `${head}${(Number(`${e}.${c}`) * 2).toFixed(2).replace('.', ',')}|`,
          ),
        ),
      ].join('\n'),
    );

    const whileStaging = await killAt('lecture', [corrected]);
    expect(whileStaging).not.toContain('fichier(s) importé(s)');
    const afterFirstKill = await snapshot();
    expect({ ...afterFirstKill, runs: undefined, stages: undefined }).toEqual({ ...before, runs: undefined, stages: undefined });

    await killAt('fusion', [corrected]);
    const afterSecondKill = await snapshot();
    expect({ ...afterSecondKill, runs: undefined, stages: undefined }).toEqual({ ...before, runs: undefined, stages: undefined });

    const rerun = startCli([corrected]);
    expect(await rerun.exit, rerun.output()).toBe(0);
    const after = await snapshot();
    expect(after).toMatchObject({ lines: 1901, mutations: before.mutations, sales: before.sales, stages: 0 });
    expect(Number(after.total_value)).toBeCloseTo(Number(before.total_value) * 2, 2);
    expect(after.runs).toEqual(['succeeded', 'succeeded', 'interrupted', 'interrupted', 'succeeded']);
  });
});

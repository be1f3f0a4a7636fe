/**
 * An import killed at any point leaves the previous data intact, and running it again completes.
 * The import command runs in a child process (as in production) on a PGlite data folder, or on a
 * PostgreSQL database of its own when the suite runs on PostgreSQL. The child is stopped with
 * SIGKILL at two points announced by the importer (IMMOLOUPE_TEST_HOLD_AT): while the file is
 * being staged, and inside the merge transaction before its commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportChild, importChild } from '../test/import-child.js';
import { SAMPLES } from './test-samples.js';

let cli: ImportChild;

/** Everything the import writes, provenance excluded. */
async function snapshot(): Promise<Record<string, unknown>> {
  const db = await cli.openDb();
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
  cli = await importChild('immoloupe_kill');
});

afterAll(async () => {
  await cli?.close();
});

describe('an import killed midway', () => {
  it('leaves the previous data intact, and the re-run completes', { timeout: 240_000 }, async () => {
    const first = cli.start([SAMPLES.cadastreBondy(2025), SAMPLES.dvfRawBondy]);
    expect(await first.exit, first.output()).toBe(0);
    const before = await snapshot();
    expect(before).toMatchObject({ lines: 1901, parcels: 7124, stages: 0, runs: ['succeeded', 'succeeded'] });

    // A corrected release of the same file: every price doubled.
    const corrected = path.join(cli.work, 'valeursfoncieres-2022-corrige.txt');
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

    const whileStaging = await cli.killAt('lecture', [corrected]);
    expect(whileStaging).not.toContain('fichier(s) importé(s)');
    const afterFirstKill = await snapshot();
    expect({ ...afterFirstKill, runs: undefined, stages: undefined }).toEqual({ ...before, runs: undefined, stages: undefined });

    await cli.killAt('fusion', [corrected]);
    const afterSecondKill = await snapshot();
    expect({ ...afterSecondKill, runs: undefined, stages: undefined }).toEqual({ ...before, runs: undefined, stages: undefined });

    const rerun = cli.start([corrected]);
    expect(await rerun.exit, rerun.output()).toBe(0);
    const after = await snapshot();
    expect(after).toMatchObject({ lines: 1901, mutations: before.mutations, sales: before.sales, stages: 0 });
    expect(Number(after.total_value)).toBeCloseTo(Number(before.total_value) * 2, 2);
    expect(after.runs).toEqual(['succeeded', 'succeeded', 'interrupted', 'interrupted', 'succeeded']);
  });
});

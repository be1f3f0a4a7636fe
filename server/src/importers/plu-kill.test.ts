/**
 * An urban-planning import killed midway (SIGKILL while staging, and inside the merge transaction
 * before its commit) leaves the previous version of the document in place, and running it again
 * completes. As in import-kill.test.ts, the import command runs in a child process on a PGlite
 * data folder, or on a PostgreSQL database of its own when the suite runs on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportChild, importChild } from '../test/import-child.js';
import { SAMPLES } from './test-samples.js';

let cli: ImportChild;

/** The document, its layers and a hash of every feature. */
async function snapshot(): Promise<Record<string, unknown>> {
  const db = await cli.openDb();
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
  cli = await importChild('immoloupe_plu_kill');
});

afterAll(async () => {
  await cli?.close();
});

describe('a PLU import killed midway', () => {
  it('keeps the previous version of the document, and the re-run completes', { timeout: 240_000 }, async () => {
    const first = cli.start([SAMPLES.plu.prescriptions2021]);
    expect(await first.exit, first.output()).toBe(0);
    const before = await snapshot();
    expect(before).toMatchObject({ documents: '200057875_PLUI_20210629 2021-06-29', features: 980, stages: 0, runs: ['succeeded'] });
    const same = (s: Record<string, unknown>) => ({ ...s, runs: undefined, stages: undefined });

    await cli.killAt('lecture', [SAMPLES.plu.gpkg2025]);
    expect(same(await snapshot())).toEqual(same(before));
    await cli.killAt('fusion', [SAMPLES.plu.gpkg2025]);
    expect(same(await snapshot())).toEqual(same(before));

    const rerun = cli.start([SAMPLES.plu.gpkg2025]);
    expect(await rerun.exit, rerun.output()).toBe(0);
    const after = await snapshot();
    expect(after).toMatchObject({ documents: '200057875_PLUI_20250624 2025-06-24', features: 1590, stages: 0 });
    expect(after.runs).toEqual(['succeeded', 'interrupted', 'interrupted', 'succeeded']);
  });
});

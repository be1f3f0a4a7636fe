/**
 * The data freshness lists every file imported of a source, each by its last successful import
 * (a failed or re-imported run does not show twice), newest first, FRESHNESS_FILES of them with
 * the count of all; the source's date and vintage are its newest file's.
 */
import { FRESHNESS_FILES } from '@immoloupe/shared/opendata/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { dataFreshness } from './queries.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  const run = (source: string, file: string, day: number, rows: number, status = 'succeeded', vintage: string | null = null) =>
    db.query(
      `INSERT INTO import_runs (source, file_name, vintage, status, started_by, started_at, finished_at, rows_kept)
       VALUES ($1, $2, $3, $4, 'cli', timestamp '2026-11-01' + $5 * interval '1 day', timestamp '2026-11-01' + $5 * interval '1 day', $6)`,
      [source, file, vintage, status, day, rows],
    );
  await run('dvf', 'dvf_2023_93.csv', 1, 100);
  // Imported again, with more rows: the later import only.
  await run('dvf', 'dvf_2023_93.csv', 3, 120, 'succeeded', '2023-01-02 – 2023-12-29');
  await run('dvf', 'dvf_2024_93.csv', 2, 90);
  // A failed run is no file of the data.
  await run('dvf', 'dvf_2025_93.csv', 4, 0, 'failed');
  for (let i = 1; i <= FRESHNESS_FILES + 3; i++) await run('cadastre', `cadastre-${93000 + i}.json`, i, i);
});
afterAll(() => db?.close());

describe('dataFreshness', () => {
  it('gives each file of a source once, at its last successful import, newest first', async () => {
    const { sources } = await dataFreshness(db);
    const dvf = sources.find((s) => s.source === 'dvf');
    expect(dvf).toMatchObject({ fileCount: 2, vintage: '2023-01-02 – 2023-12-29', importedAt: '2026-11-04T00:00:00.000Z' });
    expect(dvf?.files.map((f) => [f.fileName, f.rows])).toEqual([
      ['dvf_2023_93.csv', 120],
      ['dvf_2024_93.csv', 90],
    ]);
  });

  it('lists the newest files of a source made of many, and counts them all', async () => {
    const cadastre = (await dataFreshness(db)).sources.find((s) => s.source === 'cadastre');
    expect(cadastre?.fileCount).toBe(FRESHNESS_FILES + 3);
    expect(cadastre?.files).toHaveLength(FRESHNESS_FILES);
    expect(cadastre?.files[0]?.fileName).toBe(`cadastre-${93000 + FRESHNESS_FILES + 3}.json`);
  });
});

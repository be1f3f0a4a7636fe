import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { estimatedRows, secondaryIndexes, withIndexesDeferred } from './bulk-indexes.js';

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(async () => {
  await db?.close();
});

const dvfIndexes = async () => (await secondaryIndexes(db, ['dvf_lines', 'dvf_mutations', 'dvf_sales'])).map((i) => i.name);

describe('withIndexesDeferred', () => {
  it('lists the secondary indexes with a sorted build: B-trees and point GiSTs, not the primary keys', async () => {
    expect(await dvfIndexes()).toEqual([
      'dvf_lines_commune',
      'dvf_lines_parcelle',
      'dvf_mutations_commune_date',
      'dvf_mutations_date',
      'dvf_mutations_geo',
      'dvf_mutations_import_run',
      'dvf_sales_commune_month',
      'dvf_sales_departement_month',
      'dvf_sales_geo',
      'dvf_sales_section_month',
    ]);
  });

  it('leaves out the GiST indexes of other shapes (boxes have no sorted build)', async () => {
    expect((await secondaryIndexes(db, ['parcels'])).map((i) => i.name)).not.toContain('parcels_bbox');
    const [gist] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'parcels' AND indexname = 'parcels_bbox' AND indexdef LIKE '%gist%'`,
    );
    expect(gist?.n).toBe(1);
  });

  it('drops them during the load and builds the same ones again', async () => {
    const before = await secondaryIndexes(db, ['dvf_mutations']);
    const during = await db.transaction((tx) =>
      withIndexesDeferred(tx, ['dvf_mutations'], true, async () => (await secondaryIndexes(tx, ['dvf_mutations'])).length),
    );
    expect(during).toBe(0);
    expect(await secondaryIndexes(db, ['dvf_mutations'])).toEqual(before);
  });

  it('leaves them in place when the load fails (the drop is rolled back with it)', async () => {
    const before = await dvfIndexes();
    await expect(
      db.transaction((tx) =>
        withIndexesDeferred(tx, ['dvf_lines', 'dvf_mutations', 'dvf_sales'], true, async () => {
          throw new Error('échec simulé');
        }),
      ),
    ).rejects.toThrow('échec simulé');
    expect(await dvfIndexes()).toEqual(before);
  });

  it('does nothing on the ordinary path', async () => {
    const seen = await db.transaction((tx) =>
      withIndexesDeferred(tx, ['dvf_sales'], false, async () => (await secondaryIndexes(tx, ['dvf_sales'])).length),
    );
    expect(seen).toBe(4);
  });

  it('estimates the rows of a table from the planner (0 when never analysed or missing)', async () => {
    await db.exec('CREATE TABLE bulk_probe AS SELECT g AS n FROM generate_series(1, 500) g; ANALYZE bulk_probe');
    expect(await estimatedRows(db, 'bulk_probe')).toBe(500);
    expect(await estimatedRows(db, 'no_such_table')).toBe(0);
    await db.exec('DROP TABLE bulk_probe');
  });
});

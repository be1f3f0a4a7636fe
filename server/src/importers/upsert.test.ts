/**
 * Staged rows into a keyed table: a first load takes the plain INSERT, a later one updates the
 * keys already there and inserts the others, both counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { upsertStaged } from './upsert.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  await db.exec(`CREATE TABLE upsert_target (k text PRIMARY KEY, v text, n integer, import_run_id integer)`);
});
afterAll(async () => {
  await db.exec('DROP TABLE IF EXISTS upsert_target, upsert_stage');
  await db.close();
});

async function stage(rows: [string, string | null, number | null][]): Promise<void> {
  await db.exec('DROP TABLE IF EXISTS upsert_stage; CREATE TABLE upsert_stage (k text, v text, n integer)');
  for (const r of rows) await db.query('INSERT INTO upsert_stage VALUES ($1, $2, $3)', r);
}

const upsert = (runId: number) =>
  db.transaction((tx) => upsertStaged(tx, { table: 'upsert_target', stage: 'upsert_stage', key: 'k', columns: ['k', 'v', 'n'], runId }));

const content = () =>
  db.query<{ k: string; v: string | null; n: number | null; run: number }>(
    'SELECT k, v, n, import_run_id AS run FROM upsert_target ORDER BY k',
  );

describe('upsertStaged', () => {
  it('inserts every row into an empty table, then updates the keys already there and inserts the new ones', async () => {
    await stage([
      ['a', 'un', 1],
      ['b', 'deux', null],
    ]);
    expect(await upsert(1)).toEqual({ inserted: 2, updated: 0 });
    expect(await content()).toEqual([
      { k: 'a', v: 'un', n: 1, run: 1 },
      { k: 'b', v: 'deux', n: null, run: 1 },
    ]);

    await stage([
      ['b', null, 22],
      ['c', 'trois', 3],
    ]);
    expect(await upsert(2)).toEqual({ inserted: 1, updated: 1 });
    expect(await content()).toEqual([
      { k: 'a', v: 'un', n: 1, run: 1 },
      { k: 'b', v: null, n: 22, run: 2 },
      { k: 'c', v: 'trois', n: 3, run: 2 },
    ]);
  });

  it('changes nothing when a key of the file is refused', async () => {
    await stage([
      ['d', 'quatre', 4],
      [null as unknown as string, 'sans clé', 5],
    ]);
    await expect(upsert(3)).rejects.toThrow();
    expect((await content()).map((r) => r.k)).toEqual(['a', 'b', 'c']);
  });
});

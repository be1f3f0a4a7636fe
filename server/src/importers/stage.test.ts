/**
 * The staging batches: rows are encoded into byte buffers as they come, sent by COPY in batches of
 * 20 000 rows or 8 MiB, and arrive intact whatever their size or characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { Stage, type StageValue } from './stage.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

const COLUMNS = [
  ['n', 'integer'],
  ['label', 'text'],
] as const;

async function stageAll(runId: number, rows: readonly (readonly StageValue[])[]): Promise<Stage> {
  const stage = await Stage.create(db, runId, COLUMNS);
  for (const row of rows) {
    const sending = stage.add(row);
    if (sending) await sending;
  }
  await stage.flush();
  return stage;
}

describe('Stage', () => {
  it('loads more rows than one batch holds, with quotes, separators, line breaks and accents intact', async () => {
    const tricky = ['', 'a,b', 'guillemet " dedans', 'ligne\nsuivante', 'retour\r\nchariot', 'Évreux – 12 € ’', '\\.'];
    const rows = Array.from({ length: 45_001 }, (_, i) => [i, tricky[i % tricky.length] ?? null] as const);
    const stage = await stageAll(900_001, rows);
    const [count] = await db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT n)::int AS distinct FROM ${stage.table}`,
    );
    expect(count).toEqual({ n: 45_001, distinct: 45_001 });
    const back = await db.query<{ n: number; label: string | null }>(`SELECT n, label FROM ${stage.table} WHERE n < 7 ORDER BY n`);
    expect(back.map((r) => r.label)).toEqual(tricky);
    await stage.drop();
  });

  it('sends a row bigger than a batch whole, and the rows around it', async () => {
    // '€' is three bytes in UTF-8: 3 500 000 of them are 10,5 MB, more than a batch.
    const huge = '€'.repeat(3_500_000);
    const big = 'é'.repeat(1_500_000);
    const rows = [
      [1, 'avant'],
      [2, big],
      [3, huge],
      [4, big],
      [5, 'après'],
    ] as const;
    const stage = await stageAll(900_002, rows);
    const back = await db.query<{ n: number; len: number; bytes: number }>(
      `SELECT n, length(label)::int AS len, octet_length(label)::int AS bytes FROM ${stage.table} ORDER BY n`,
    );
    expect(back).toEqual([
      { n: 1, len: 5, bytes: 5 },
      { n: 2, len: 1_500_000, bytes: 3_000_000 },
      { n: 3, len: 3_500_000, bytes: 10_500_000 },
      { n: 4, len: 1_500_000, bytes: 3_000_000 },
      { n: 5, len: 5, bytes: 6 },
    ]);
    await stage.drop();
  });

  it('reports a batch the database refuses when the rows are flushed', async () => {
    const stage = await Stage.create(db, 900_003, COLUMNS);
    stage.add(['pas un nombre', 'x']);
    await expect(stage.flush()).rejects.toThrow();
    await stage.drop();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINE } from '../test/db.js';
import { type Db, openPostgres } from './client.js';
import { migrate, readMigrations } from './migrate.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe(`database (${TEST_ENGINE})`, () => {
  it('has applied every migration, and applying again changes nothing', async () => {
    const names = (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
    expect(names).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
  });

  it('returns the same JavaScript types on both engines', async () => {
    const [row] = await db.query<{ n: number; x: number; d: string; t: Date }>(
      "SELECT count(*) AS n, 12.50::numeric AS x, DATE '2026-11-21' AS d, now() AS t FROM (VALUES (1),(2)) v",
    );
    expect(row).toMatchObject({ n: 2, x: 12.5, d: '2026-11-21' });
    expect(row?.t).toBeInstanceOf(Date);
  });

  it('has the extensions the address search and radius queries need', async () => {
    const [row] = await db.query<{ u: string; s: number; km: number }>(
      "SELECT immutable_unaccent('Élysée') AS u, similarity('avenue carnot', 'av carnot') AS s, earth_distance(ll_to_earth(48.9, 2.48), ll_to_earth(48.91, 2.48)) / 1000 AS km",
    );
    expect(row?.u).toBe('Elysee');
    expect(row?.s).toBeGreaterThan(0.3);
    expect(row?.km).toBeCloseTo(1.11, 1);
  });

  it('rolls a failed transaction back whole', async () => {
    await db.exec('CREATE TABLE tx_probe (v int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        await tx.query('INSERT INTO tx_probe VALUES (1)');
      }),
    ).rejects.toThrow();
    expect(await db.query('SELECT * FROM tx_probe')).toEqual([]);
  });

  it('bulk-loads CSV with COPY, from a string or a stream', async () => {
    await db.exec('CREATE TABLE copy_probe (id int, label text)');
    expect(await db.copyCsv('copy_probe', ['id', 'label'], '1,un\n2,"deux, trois"\n')).toBe(2);
    async function* chunks() {
      yield '3,qu';
      yield 'atre\n';
    }
    expect(await db.copyCsv('copy_probe', ['id', 'label'], chunks())).toBe(1);
    const rows = await db.query<{ id: number; label: string }>('SELECT id, label FROM copy_probe ORDER BY id');
    expect(rows.map((r) => r.label)).toEqual(['un', 'deux, trois', 'quatre']);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL pool', () => {
  it('survives the server closing an idle connection, and reconnects', async () => {
    const seen: Error[] = [];
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const own = await openPostgres(url.toString(), { max: 1, onIdleError: (err) => seen.push(err) });
    try {
      const [{ pid }] = (await own.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
      await db.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(1);
      expect(await own.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await own.close();
    }
  });
});

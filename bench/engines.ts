/**
 * Runs a benchmark on each engine named in BENCH_ENGINES (default both): a PGlite — in memory, or
 * with `onDisk` in a temporary data directory as the server keeps it (the memory of an in-memory
 * base includes its files) —, and a throw-away database on the PostgreSQL server of
 * BENCH_DATABASE_URL, dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../server/src/db/client.ts';

export async function onEachEngine(
  prefix: string,
  run: (label: string, db: Db) => Promise<void>,
  options: { onDisk?: boolean } = {},
): Promise<void> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) {
    const dir = options.onDisk ? mkdtempSync(path.join(tmpdir(), `${prefix}-`)) : undefined;
    const db = await openPglite(dir);
    try {
      await run('PGlite', db);
    } finally {
      await db.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `${prefix}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openPostgres(u.toString(), { max: 2 });
    try {
      await run('PostgreSQL', db);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

/**
 * Runs a benchmark on each engine named in BENCH_ENGINES (default both): an in-memory PGlite, and
 * a throw-away database on the PostgreSQL server of BENCH_DATABASE_URL, dropped afterwards.
 */
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../server/src/db/client.ts';

export async function onEachEngine(prefix: string, run: (label: string, db: Db) => Promise<void>): Promise<void> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) {
    const db = await openPglite(undefined);
    try {
      await run('PGlite', db);
    } finally {
      await db.close();
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

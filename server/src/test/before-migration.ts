/**
 * A fresh database migrated up to, not including, one migration, for the test of that migration on
 * rows written before it (then `migrate(db())` applies it and the rest). PGlite in memory, or a
 * database of its own on the PostgreSQL server in server mode.
 */
import { afterAll, beforeAll } from 'vitest';
import { type Db, openPglite, openPostgres } from '../db/client.js';
import { migrate, readMigrations } from '../db/migrate.js';
import { createEmptyDatabase, dropDatabase, TEST_ENGINE } from './db.js';

/** Registers the set-up and tear-down; the returned function gives the open database in a test. */
export function databaseBeforeMigration(migration: string, name: string): () => Db {
  let db: Db | undefined;
  let url = '';
  beforeAll(async () => {
    url = await createEmptyDatabase(name);
    db = TEST_ENGINE === 'postgres' ? await openPostgres(url, { max: 2 }) : await openPglite(undefined);
    await migrate(
      db,
      readMigrations().filter((m) => m.name < migration),
    );
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    await dropDatabase(url);
  });
  return () => {
    if (!db) throw new Error('base non ouverte');
    return db;
  };
}

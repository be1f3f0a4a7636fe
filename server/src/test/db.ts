/**
 * A fresh, migrated database for one test file, on the engine of the running project:
 * a PGlite copy of one of the run's templates, or a new PostgreSQL database cloned from it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openPglite, openPostgres } from '../db/client.js';
import { longestPreparedPrefix, setKey } from './template-keys.js';

export const TEST_ENGINE = (process.env.TEST_DB_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

export interface TestDbOptions {
  /**
   * Sample files (paths under the shared data folder), imported in this order with the real
   * importer. The copy starts from the template holding the longest prepared beginning of the
   * list (templates.ts), and the rest is imported here: the same data as importing them all.
   */
  samples?: readonly string[];
}

export async function createTestDb(options: TestDbOptions = {}): Promise<Db> {
  const samples = options.samples ?? [];
  const templates = TEST_ENGINE === 'postgres' ? inject('pgTemplates') : inject('pgliteTemplates');
  const prepared = longestPreparedPrefix(samples, Object.keys(templates));
  const template = templates[setKey(prepared)];
  if (!template) throw new Error('Modèle de base de test absent\u00a0: la mise en place globale des tests serveur n’a pas tourné.');
  const db = await copyOf(template);
  try {
    if (samples.length > prepared.length) {
      const { importSamples } = await import('../features/market/test-support.js');
      await importSamples(db, samples.slice(prepared.length));
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function copyOf(template: string): Promise<Db> {
  if (TEST_ENGINE === 'postgres') {
    const url = await createDatabase('immoloupe_test', `TEMPLATE ${template}`);
    const db = await openPostgres(url, { max: 4 });
    const close = db.close;
    return {
      ...db,
      close: async () => {
        await close();
        await dropDatabase(url);
      },
    };
  }
  return openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) });
}

/** Runs one statement from a connection to the server's own database: a database is created or dropped from another one. */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A new database on the test server, named after `prefix`; its address. */
async function createDatabase(prefix: string, options = ''): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name} ${options}`);
  const u = new URL(process.env.TEST_DATABASE_URL as string);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * An empty database for tests whose child processes (CLI, server, job runner) migrate it
 * themselves: its address on PostgreSQL, '' on PGlite (the processes then use their data folder).
 */
export async function createEmptyDatabase(prefix: string): Promise<string> {
  return TEST_ENGINE === 'postgres' ? createDatabase(prefix) : '';
}

/**
 * A migrated database for tests whose child processes (CLI, server, job runner) open it
 * themselves, copied from the run's migrated template so that a child neither initialises PGlite
 * (about ten seconds) nor migrates: its address on PostgreSQL; on PGlite '' and the copy is
 * written to `dataDir`, the data folder the children are given.
 */
export async function createChildDatabase(prefix: string, dataDir: string): Promise<string> {
  if (TEST_ENGINE === 'postgres') return createDatabase(prefix, `TEMPLATE ${inject('pgTemplates')['']}`);
  const db = await openPglite(dataDir, { loadDataDir: new Blob([readFileSync(inject('pgliteTemplates')[''] as string)]) });
  await db.close();
  return '';
}

/** Drops a database made by `createEmptyDatabase` or `createTestDb`, its connections closed first; '' does nothing. */
export async function dropDatabase(url: string): Promise<void> {
  if (!url) return;
  await onServer(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
}

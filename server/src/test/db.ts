/**
 * A fresh, migrated database for one test file, on the engine of the running project:
 * a PGlite copy of the run's template, or a new PostgreSQL database cloned from the template.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openPglite, openPostgres } from '../db/client.js';

export const TEST_ENGINE = (process.env.TEST_DB_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

export async function createTestDb(): Promise<Db> {
  if (TEST_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `immoloupe_test_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openPostgres(u.toString(), { max: 4 });
    const close = db.close;
    return {
      ...db,
      close: async () => {
        await close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  return openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) });
}

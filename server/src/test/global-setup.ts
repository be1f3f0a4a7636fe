/**
 * Prepares one migrated database template per run, so each test file starts from a fresh copy
 * in about a second instead of initialising and migrating PGlite (several seconds) every time.
 * PGlite: a dumped data folder in a temporary file. PostgreSQL: a template database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.js';
import { migrate } from '../db/migrate.js';

export const PG_TEMPLATE_DB = 'immoloupe_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export async function setupTemplate(engine: 'pglite' | 'postgres', { provide }: TestProject): Promise<() => Promise<void>> {
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL manquant pour les tests PostgreSQL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const { openPostgres } = await import('../db/client.js');
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE_DB}`;
    const db = await openPostgres(u.toString(), { max: 1 });
    await migrate(db);
    await db.close();
    provide('pgliteTemplate', '');
    return async () => undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-test-'));
  const db = await openPglite(undefined);
  await migrate(db);
  const dump = await db.dumpDataDir?.();
  if (!dump) throw new Error('dumpDataDir indisponible');
  await db.close();
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  provide('pgliteTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Prepares one migrated database template per run, so each test file starts from a fresh copy
 * in about a second instead of initialising and migrating PGlite (several seconds) every time.
 * PGlite: a dumped data folder in a temporary file. PostgreSQL: a template database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.js';
import { migrate } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Template database of this run: its own name, so two runs on one server never drop each other's. */
    pgTemplate: string;
  }
}

export async function setupTemplate(engine: 'pglite' | 'postgres', { provide }: TestProject): Promise<() => Promise<void>> {
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL manquant pour les tests PostgreSQL');
    const template = `immoloupe_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const { openPostgres } = await import('../db/client.js');
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openPostgres(u.toString(), { max: 1 });
    await migrate(db);
    await db.close();
    provide('pgliteTemplate', '');
    provide('pgTemplate', template);
    return async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await a.end();
    };
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
  provide('pgTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

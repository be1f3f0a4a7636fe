/**
 * Prepares the run's database templates (templates.ts), so each test file starts from a copy in
 * about a second instead of initialising, migrating and importing samples every time. PGlite: a
 * dumped data folder per template in the cache folder. PostgreSQL: a template database per
 * template. Both are named by their hash and kept for the next run; one another run has not used
 * for STALE_MS is dropped (not at once: a run on an older tree may still be copying it).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Db, openPglite, openPostgres } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { importSamples } from '../features/market/test-support.js';
import { registerImportHooks } from '../import-hooks.js';
import { longestPreparedPrefix } from './template-keys.js';
import { CACHE_DIR, templateHashes } from './templates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the dumped data folder of each template, by its key (template-keys.ts). */
    pgliteTemplates: Record<string, string>;
    /** PostgreSQL: the template database of each template, by its key. */
    pgTemplates: Record<string, string>;
  }
}

const STALE_MS = 2 * 3600_000;
const PG_NOTE = /^immoloupe test template, used (\d+)$/;

const samplesOf = (key: string): string[] => (key === '' ? [] : key.split('\n'));

/** The keys in an order where every set comes after the sets it begins with. */
const buildOrder = (keys: Iterable<string>): string[] => [...keys].sort((a, b) => samplesOf(a).length - samplesOf(b).length);

/** Fills a database opened on the copy of `from` (the longest prepared beginning of `key`'s samples). */
async function fill(db: Db, key: string, from: string[] | undefined): Promise<void> {
  // The templates hold what a test's own import would give, derived figures included (setup.ts).
  registerImportHooks();
  if (from === undefined) {
    await migrate(db);
    return;
  }
  await importSamples(db, samplesOf(key).slice(from.length));
}

async function pgliteTemplates(): Promise<Record<string, string>> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const { sets } = templateHashes();
  const files: Record<string, string> = {};
  for (const key of buildOrder(sets.keys())) {
    const file = path.join(CACHE_DIR, `pglite-${sets.get(key)}.tar.gz`);
    if (!existsSync(file)) {
      const from = key === '' ? undefined : longestPreparedPrefix(samplesOf(key), Object.keys(files));
      const blob = from && new Blob([readFileSync(files[from.join('\n')] as string)]);
      const db = await openPglite(undefined, blob ? { loadDataDir: blob } : {});
      try {
        await fill(db, key, from);
        const dump = await db.dumpDataDir?.();
        if (!dump) throw new Error('dumpDataDir indisponible');
        // Written aside then renamed: a run that starts meanwhile never reads half a file.
        const part = `${file}.${process.pid}.${randomBytes(3).toString('hex')}.part`;
        writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
        renameSync(part, file);
      } finally {
        await db.close();
      }
    }
    const now = new Date();
    utimesSync(file, now, now);
    files[key] = file;
  }
  const current = new Set(Object.values(files));
  for (const f of readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, f);
    if (f.startsWith('pglite-') && !current.has(full) && Date.now() - statSync(full).mtimeMs > STALE_MS) rmSync(full, { force: true });
  }
  return files;
}

/** Runs `fn` on a connection to the server's own database. */
async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A statement on a database that a just-closed pool may still hold for a moment (55006: object in use). */
async function whenFree(client: pg.Client, sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function pgTemplates(url: string): Promise<Record<string, string>> {
  const { sets } = templateHashes();
  const names: Record<string, string> = {};
  await onServer(url, async (admin) => {
    const existing = new Map(
      (
        await admin.query<{ datname: string; note: string | null }>(
          `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE 'immoloupe\\_tpl%'`,
        )
      ).rows.map((r) => [r.datname, r.note]),
    );
    for (const key of buildOrder(sets.keys())) {
      const name = `immoloupe_tpl_${sets.get(key)}`;
      if (!existing.has(name)) {
        const from = key === '' ? undefined : longestPreparedPrefix(samplesOf(key), Object.keys(names));
        // Built under a name of its own then renamed: two runs building at once never share one.
        const building = `immoloupe_tplb_${randomBytes(6).toString('hex')}`;
        await whenFree(admin, `CREATE DATABASE ${building}${from ? ` TEMPLATE ${names[from.join('\n')]}` : ''}`);
        await admin.query(`COMMENT ON DATABASE ${building} IS 'immoloupe test template, used ${Date.now()}'`);
        const u = new URL(url);
        u.pathname = `/${building}`;
        const db = await openPostgres(u.toString(), { max: 1 });
        try {
          await fill(db, key, from);
        } finally {
          await db.close();
        }
        try {
          await whenFree(admin, `ALTER DATABASE ${building} RENAME TO ${name}`);
        } catch (error) {
          // 42P04: another run finished the same template first; theirs is as good.
          if ((error as { code?: string }).code !== '42P04') throw error;
          await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        }
      }
      await admin.query(`COMMENT ON DATABASE ${name} IS 'immoloupe test template, used ${Date.now()}'`);
      names[key] = name;
    }
    const current = new Set(Object.values(names));
    for (const [datname, note] of existing) {
      // Only ours (a note): another checkout's runs name their templates otherwise.
      const used = PG_NOTE.exec(note ?? '')?.[1];
      if (!current.has(datname) && used && Date.now() - Number(used) > STALE_MS) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
  });
  return names;
}

export async function setupTemplate(engine: 'pglite' | 'postgres', { provide }: TestProject): Promise<void> {
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL manquant pour les tests PostgreSQL');
    provide('pgliteTemplates', {});
    provide('pgTemplates', await pgTemplates(url));
    return;
  }
  provide('pgliteTemplates', await pgliteTemplates());
  provide('pgTemplates', {});
}

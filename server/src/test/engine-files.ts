/**
 * Which server test files run a second time on PostgreSQL (the `server-postgres` project): those
 * the engine can reach. A test learns the engine only through this folder's db.ts (TEST_ENGINE,
 * createTestDb, createEmptyDatabase; app.ts, two-subscribers.ts and before-migration.ts go through
 * it) or by reading the variables themselves. Any other file does the same on both runs, so it runs
 * once. The rule follows imports, so a new database test is never silently left out;
 * engine-files.test.ts guards it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importGraph, REPO_ROOT } from './source-graph.js';

export const SERVER_ROOT = path.join(REPO_ROOT, 'server');
const TEST_DB = path.join(SERVER_ROOT, 'src', 'test', 'db.ts');
const ENGINE_VARIABLES = /\bTEST_(DB_ENGINE|DATABASE_URL)\b/;

/** Every server test file, relative to the server folder (the projects' root). */
export function serverTestFiles(): string[] {
  return (readdirSync(path.join(SERVER_ROOT, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('src', f).split(path.sep).join('/'))
    .sort();
}

/** The server test files whose run depends on the database engine, relative to the server folder. */
export function engineTestFiles(files = serverTestFiles()): string[] {
  const cache = new Map<string, string[]>();
  const reads = new Map<string, boolean>();
  const readsEngine = (dep: string) => {
    const known = reads.get(dep);
    if (known !== undefined) return known;
    const r = dep === TEST_DB || ENGINE_VARIABLES.test(readFileSync(dep, 'utf8'));
    reads.set(dep, r);
    return r;
  };
  return files.filter((f) => importGraph([path.resolve(SERVER_ROOT, f)], cache).some(readsEngine));
}

/**
 * The import command (`data:import`) run in a child process, as in production, on a PGlite data
 * folder or, when the suite runs on PostgreSQL, on a database of its own; and stopped with SIGKILL
 * at a point the importer announces (IMMOLOUPE_TEST_HOLD_AT: `lecture` while staging, `fusion`
 * inside the merge transaction before its commit). Used by the kill tests of the importers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, openPglite, openPostgres } from '../db/client.js';
import { createChildDatabase, dropDatabase } from './db.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = fileURLToPath(new URL('../cli/data-import.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('../importers/child-register.mjs', import.meta.url));

export interface CliRun {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

export interface ImportChild {
  /** A scratch folder of the test, removed by `close`. */
  work: string;
  start(files: string[], extra?: Record<string, string>): CliRun;
  /** Runs the command and kills it when it announces `point`; returns what it printed. */
  killAt(point: 'lecture' | 'fusion', files: string[]): Promise<string>;
  openDb(): Promise<Db>;
  close(): Promise<void>;
}

/** `name`: the prefix of the scratch folder and of the PostgreSQL database. */
export async function importChild(name: string): Promise<ImportChild> {
  const work = mkdtempSync(path.join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  const dataDir = path.join(work, 'data');
  const databaseUrl = await createChildDatabase(name, dataDir);

  function env(extra: Record<string, string>): NodeJS.ProcessEnv {
    const e: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    delete e.IMMOLOUPE_TEST_HOLD_AT;
    return { ...e, ...extra };
  }

  function start(files: string[], extra: Record<string, string> = {}): CliRun {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, CLI, ...files], { cwd: ROOT, env: env(extra) });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
    });
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, output: () => out, exit };
  }

  async function killAt(point: 'lecture' | 'fusion', files: string[]): Promise<string> {
    const run = start(files, { IMMOLOUPE_TEST_HOLD_AT: point });
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (run.output().includes(`IMMOLOUPE_HOLD ${point}`)) {
          run.child.stdout?.off('data', check);
          run.child.stderr?.off('data', check);
          resolve();
        }
      };
      run.child.stdout?.on('data', check);
      run.child.stderr?.on('data', check);
      void run.exit.then(() => reject(new Error(`the import ended before ${point}:\n${run.output()}`)));
    });
    run.child.kill('SIGKILL');
    await run.exit;
    return run.output();
  }

  return {
    work,
    start,
    killAt,
    openDb: () => (databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openPglite(dataDir)),
    close: async () => {
      await dropDatabase(databaseUrl);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

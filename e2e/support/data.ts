/**
 * Sample data and accounts for runs against the built server, written in the PGlite data folder
 * before the server opens it (PGlite allows one process per folder). Shared by the browser tests
 * and `npm run screenshots`, so that both see the data exactly as a user who follows the README.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { REPO_ROOT, SHARED_DATA } from './server.js';

const run = promisify(execFile);

/** Bondy (cadastre, DVF 2022, BAN, RNIC) and Hendaye (DVF 2019–2023): the market tools' samples. */
export const MARKET_SAMPLES = [
  'cadastre/cadastre-93010-parcelles_2025.json.gz',
  'dvf/valeursfoncieres-2022_93010_bondy.txt',
  'ban/adresses-93010_bondy.csv',
  'copro/rnic_extrait-R_93010_bondy_37-lignes.csv',
  'dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv',
];

/** The DPE samples: 1 000 DPE of all France and the new builds of Lyon 8e (the listing tools look in them). */
export const DPE_SAMPLES = ['dpe/dpe03existant_extrait-1000_france.csv', 'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv'];

export interface Account {
  email: string;
  password: string;
  role?: 'subscriber' | 'admin';
  subscription?: 'active' | 'canceled' | null;
  /** Agreed to receive the newsletter. */
  marketingConsent?: boolean;
}

const envFor = (dataDir: string): NodeJS.ProcessEnv => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });

/** Imports files of ../shared/data (paths relative to it) with the documented command, `data:import`. */
export async function importSamples(dataDir: string, files: readonly string[]): Promise<void> {
  // Absolute paths (files written by a test) are taken as they are.
  await run(process.execPath, ['server/dist/cli/data-import.js', ...files.map((f) => path.resolve(SHARED_DATA, f))], {
    cwd: REPO_ROOT,
    env: envFor(dataDir),
  });
}

/** pg-boss writes its schema when the queue first starts: started and stopped at once. */
const JOB_QUEUE_SCHEMA = `const { startJobQueue } = await import('./server/dist/jobs/queue.js');
  const { createLogger } = await import('./server/dist/logger.js');
  await (await startJobQueue({ db, log: createLogger('warn') })).stop();`;

/**
 * Creates confirmed accounts (with their subscription or role) in the data folder; with
 * `jobQueue`, also the job queue's schema, as the server's first start writes it.
 */
export async function createAccounts(dataDir: string, accounts: readonly Account[], options: { jobQueue?: boolean } = {}): Promise<void> {
  const calls = accounts
    .map(
      (a) =>
        `await createAccount(db, ${JSON.stringify(a.email)}, ${JSON.stringify(a.password)}, ${JSON.stringify({
          ...(a.role ? { role: a.role } : {}),
          ...(a.subscription !== undefined ? { subscription: a.subscription } : {}),
          ...(a.marketingConsent ? { marketingConsent: true } : {}),
        })});`,
    )
    .join('\n');
  // The compiled server code, run in a child process: the tests' TypeScript does not compile the server's.
  // The account helper is a test double, left out of the build (server/tsconfig.build.json), so tsx loads its source.
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { openPglite } = await import('./server/dist/db/client.js');
       const { migrate } = await import('./server/dist/db/migrate.js');
       const { createAccount } = await import('./server/src/auth/testing/browser.ts');
       const db = await openPglite(process.env.DATA_DIR);
       await migrate(db);
       ${calls}
       ${options.jobQueue ? JOB_QUEUE_SCHEMA : ''}
       await db.close();`,
    ],
    { cwd: REPO_ROOT, env: envFor(dataDir) },
  );
}

/**
 * Runs one SQL statement on a data folder no server holds (stopped first): what a journey does to
 * move a date the app reads, since the built server has no clock to move.
 */
export async function runSql(dataDir: string, sql: string, params: readonly unknown[] = []): Promise<void> {
  await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { openPglite } = await import('./server/dist/db/client.js');
       const db = await openPglite(process.env.DATA_DIR);
       await db.query(${JSON.stringify(sql)}, ${JSON.stringify(params)});
       await db.close();`,
    ],
    { cwd: REPO_ROOT, env: envFor(dataDir) },
  );
}

/** Signs in through the login form and waits for the redirect to `to`. */
export async function signIn(page: Page, baseUrl: string, who: { email: string; password: string }, to: string): Promise<void> {
  await page.goto(`${baseUrl}/abo/connexion?redirect=${encodeURIComponent(to)}`);
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${baseUrl}${to}`);
}

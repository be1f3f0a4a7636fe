/**
 * Load test of the read API a subscriber uses: the built server (`server/dist/main.js`) started
 * as a user runs it, on a prepared data set (Bondy's cadastre, 2022 sales, addresses and
 * co-ownerships imported with `data:import`) and a subscriber signed in once; then N requests,
 * C at a time, spread over the market statistics, sales, parcels, co-ownerships, saved
 * searches and addresses, notifications and the client record, with the session cookie.
 * Two set-ups in the same run: PostgreSQL behind two server processes sharing one database
 * (requests alternated between their ports), and one process on its PGlite data folder.
 * Printed for each: throughput, p50/p95/p99 latency, and the errors (any status but 200, or a
 * failed connection), by route. The acceptance is 0 errors.
 *
 *   npm run build && npm run bench:load -w bench -- [requests=2000] [concurrency=200]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server whose
 *   throw-away database `bench_load_<pid>` is created and dropped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import { REPO_ROOT, type RunningServer, SHARED_DATA, startServer } from '../e2e/support/server.ts';
import { createAccount, TestBrowser } from '../server/src/auth/testing/browser.ts';
import { type Db, openPglite, openPostgres } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';

const REQUESTS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 200);
const SAMPLES = [
  'cadastre/cadastre-93010-parcelles_2025.json.gz',
  'dvf/valeursfoncieres-2022_93010_bondy.txt',
  'ban/adresses-93010_bondy.csv',
  'copro/rnic_extrait-R_93010_bondy_37-lignes.csv',
];
const SUBSCRIBER = { email: 'charge-lecture@exemple.fr', password: 'Maison-bleue-2026' };

/** The reads of a subscriber's session on Bondy, each with a check that it returned real rows. */
const ROUTES: { path: string; rows: (body: unknown) => number }[] = [
  { path: '/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31', rows: listLength },
  { path: '/api/transactions?insee=93010&pageSize=50', rows: (b) => listLength(b) },
  { path: '/api/parcels?commune=93010&limit=50', rows: (b) => listLength(b) },
  { path: '/api/copros?insee=93010&pageSize=200', rows: (b) => listLength(b) },
  { path: '/api/saved-searches', rows: () => 1 },
  { path: '/api/addresses/saved', rows: () => 1 },
  { path: '/api/notifications/unread', rows: () => 1 },
  { path: '/api/stripe/auth', rows: (b) => ((b as { aboactif?: boolean }).aboactif ? 1 : 0) },
];

/** Rows of a list answer: its longest top-level array, or its `total`/`count`. */
function listLength(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  let rows = 0;
  for (const [key, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(v)) rows = Math.max(rows, v.length);
    else if (typeof v === 'number' && ['total', 'count', 'sales', 'n'].includes(key)) rows = Math.max(rows, v);
  }
  return rows;
}

const run = promisify(execFile);

/** Migrations and the subscriber, written before any server opens the base. */
async function seed(db: Db): Promise<void> {
  try {
    await migrate(db);
    await createAccount(db, SUBSCRIBER.email, SUBSCRIBER.password, { subscription: 'active' });
  } finally {
    await db.close();
  }
}

/** The documented import command, on the data folder and (for PostgreSQL) the database given. */
async function importSamples(dataDir: string, databaseUrl: string): Promise<void> {
  await run(process.execPath, ['server/dist/cli/data-import.js', ...SAMPLES.map((f) => path.join(SHARED_DATA, f))], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

async function signedInCookie(url: string): Promise<string> {
  const b = new TestBrowser(url);
  const res = await b.signIn(SUBSCRIBER.email, SUBSCRIBER.password);
  if (!res.ok) throw new Error(`Connexion du compte de test impossible sur ${url}`);
  return [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

interface Outcome {
  route: string;
  ms: number;
  status: number | 'réseau';
}

/** Checks once per route and server that the answer is a 200 with rows, before the measure. */
async function checkRoutes(urls: string[], cookie: string): Promise<void> {
  for (const url of urls) {
    for (const r of ROUTES) {
      const res = await fetch(`${url}${r.path}`, { headers: { cookie } });
      const body = res.ok ? await res.json() : await res.text();
      if (!res.ok) throw new Error(`${r.path} sur ${url}\u00a0: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      if (r.rows(body) === 0) throw new Error(`${r.path} sur ${url}\u00a0: aucune ligne (données non importées ?)`);
    }
  }
}

async function load(urls: string[], cookie: string): Promise<{ seconds: number; outcomes: Outcome[] }> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= REQUESTS) return;
      const route = ROUTES[i % ROUTES.length] as (typeof ROUTES)[number];
      // Alternated between the processes: request i to server i mod n.
      const url = urls[Math.floor(i / ROUTES.length) % urls.length] as string;
      const t = performance.now();
      let status: Outcome['status'];
      try {
        const res = await fetch(`${url}${route.path}`, { headers: { cookie } });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 'réseau';
      }
      outcomes.push({ route: route.path.split('?')[0] as string, ms: performance.now() - t, status });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - started) / 1000, outcomes };
}

const ms = (v: number) => `${v.toFixed(0)}\u00a0ms`;

function report(label: string, result: { seconds: number; outcomes: Outcome[] }): number {
  const times = result.outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const errors = result.outcomes.filter((o) => o.status !== 200);
  console.info(
    `${label.padEnd(34)} ${String(result.outcomes.length).padStart(6)} req  ${(result.outcomes.length / result.seconds).toFixed(0).padStart(5)} req/s` +
      `  p50 ${ms(quantile(times, 0.5) ?? 0).padStart(8)}  p95 ${ms(quantile(times, 0.95) ?? 0).padStart(8)}  p99 ${ms(quantile(times, 0.99) ?? 0).padStart(8)}` +
      `  erreurs ${errors.length}`,
  );
  const byRoute = new Map<string, number[]>();
  for (const o of result.outcomes) byRoute.set(o.route, [...(byRoute.get(o.route) ?? []), o.ms]);
  for (const [route, list] of byRoute) {
    const sorted = list.sort((a, b) => a - b);
    console.info(
      `    ${route.padEnd(30)} p50 ${ms(quantile(sorted, 0.5) ?? 0).padStart(8)}  p95 ${ms(quantile(sorted, 0.95) ?? 0).padStart(8)}`,
    );
  }
  const kinds = new Map<string, number>();
  for (const e of errors) kinds.set(`${e.route} → ${e.status}`, (kinds.get(`${e.route} → ${e.status}`) ?? 0) + 1);
  for (const [kind, n] of kinds) console.info(`    erreur ${kind} : ${n}`);
  return errors.length;
}

async function postgresRun(): Promise<number> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-load-pg-')));
  const servers: RunningServer[] = [];
  try {
    await seed(await openPostgres(databaseUrl, { max: 2 }));
    const t = performance.now();
    await importSamples(dirs[0] as string, databaseUrl);
    console.info(`PostgreSQL : échantillons importés en ${((performance.now() - t) / 1000).toFixed(1)}\u00a0s`);
    // One after the other: the first applies what the start writes (job queue), the second finds it.
    for (const dataDir of dirs) servers.push(await startServer({ dataDir, env: { DATABASE_URL: databaseUrl } }));
    const urls = servers.map((s) => s.url);
    const cookie = await signedInCookie(urls[0] as string);
    await checkRoutes(urls, cookie);
    return report('PostgreSQL, 2 processus', await load(urls, cookie));
  } finally {
    for (const s of servers) await s.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function pgliteRun(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-load-pglite-'));
  let server: RunningServer | undefined;
  try {
    await seed(await openPglite(dataDir));
    const t = performance.now();
    await importSamples(dataDir, '');
    console.info(`PGlite : échantillons importés en ${((performance.now() - t) / 1000).toFixed(1)}\u00a0s`);
    server = await startServer({ dataDir });
    const cookie = await signedInCookie(server.url);
    await checkRoutes([server.url], cookie);
    return report('PGlite, 1 processus', await load([server.url], cookie));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.info(`${REQUESTS} requêtes de lecture, ${CONCURRENCY} à la fois, ${ROUTES.length} routes d’abonné, session connectée.`);
const errors = (await postgresRun()) + (await pgliteRun());
if (errors > 0) {
  console.error(`${errors} erreur(s)\u00a0: l’objectif est 0.`);
  process.exitCode = 1;
}

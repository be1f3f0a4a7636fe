/** Starts Immoloupe: configuration, database and migrations, then the HTTP server. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
// zod answers in French from the first configuration error on.
import '@immoloupe/shared/zod-locale';
import { buildApp, registerJobs, WEB_BUILD_DIR } from './app.js';
import { readBuildId } from './build-info.js';
import { loadConfigOrExit } from './config.js';
import { openDb } from './db/client.js';
import { migrate } from './db/migrate.js';
import { refreshListingCommunes } from './features/listings/commune-refresh.js';
import { claimDataDir, dataDirHolder, holderMessage } from './importers/data-dir-lock.js';
import { startJobQueue } from './jobs/queue.js';
import { createLogger } from './logger.js';
import { watchDb, watchJobQueue } from './metrics/registry.js';
import { startMetricsServer } from './metrics/server.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL, { app: 'immoloupe' });
  const started = Date.now();
  if (!config.DATABASE_URL) {
    // PGlite is single-process: refuse to open a data folder an import command is writing, and
    // mark it as ours so that such a command refuses in turn (in French).
    mkdirSync(config.DATA_DIR, { recursive: true });
    const holder = dataDirHolder(config.DATA_DIR);
    if (holder) {
      process.stderr.write(`${holderMessage(config.DATA_DIR, holder)}\n`);
      process.exit(1);
    }
    const release = claimDataDir(config.DATA_DIR, 'serveur');
    process.on('exit', release);
  }
  const db = await openDb(config, (err) => log.warn('idle database connection lost', { err }));
  const applied = await migrate(db);
  log.info('database ready', { engine: db.kind, migrationsApplied: applied });
  const refiled = await refreshListingCommunes(db);
  if (refiled > 0) log.info('listings filed under their commune again', { listings: refiled });

  const serverEntry = path.join(WEB_BUILD_DIR, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    log.error('web build missing: run `npm run build` first', { expected: 'web/build/server/index.js' });
    process.exit(1);
  }
  const web = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const buildId = readBuildId(WEB_BUILD_DIR, config.BUILD_ID);
  // Background jobs (imports, alerts, mailings) run in every app process, on the same database.
  const jobs = await startJobQueue({ db, log: log.child({ part: 'jobs' }), leaseSeconds: config.JOBS_LEASE_SECONDS });
  const workers = await registerJobs(jobs, { config, db, log });
  const app = buildApp({ config, db, log, buildId, web, webClientDir: path.join(WEB_BUILD_DIR, 'client'), jobs, ...workers });
  watchDb(() => db.stats());
  watchJobQueue(() => jobs.counts());
  const metrics = config.METRICS_PORT ? await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST }) : null;
  if (metrics) log.info('metrics listening', { url: `http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics` });

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info('listening', { url: `http://localhost:${port}`, buildId, startupMs: Date.now() - started });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Stop accepting connections, let requests in flight finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    metrics?.close();
    server.close(() => {
      jobs
        .stop()
        .catch((err) => log.error('job queue stop failed', { err }))
        .then(() => db.close())
        .catch((err) => log.error('database close failed', { err }))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Échec du démarrage\u00a0: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * Builds the real app in process (same wiring as main.ts) on a fresh test database, listening
 * on an ephemeral port of the loopback interface, for HTTP tests with `fetch`.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp, registerJobs, WEB_BUILD_DIR } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { type JobQueue, startJobQueue } from '../jobs/queue.js';
import { createLogger, type Logger } from '../logger.js';
import { createTestDb } from './db.js';

export interface TestApp {
  url: string;
  /** The Express app itself, for tests that read its route list. */
  app: ReturnType<typeof buildApp>;
  db: Db;
  config: Config;
  log: Logger;
  /** With `jobs: true`: the queue the app's workers run on. */
  jobs?: JobQueue;
  /** Lines the app logged (JSON), to assert on logged errors. */
  logs: Record<string, unknown>[];
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

let webBuild: Promise<ServerBuild> | undefined;
export function loadWebBuild(): Promise<ServerBuild> {
  const entry = path.join(WEB_BUILD_DIR, 'server', 'index.js');
  if (!existsSync(entry)) throw new Error('Build web absent\u00a0: lancez « npm run build » avant les tests HTTP des pages.');
  webBuild ??= import(pathToFileURL(entry).href) as Promise<ServerBuild>;
  return webBuild;
}

export async function startTestApp(
  options: {
    web?: boolean;
    env?: Record<string, string>;
    db?: Db;
    /** Start the job queue and its workers. */
    jobs?: boolean;
    /** Sample files the fresh test database holds (see `createTestDb`); not with `db`. */
    samples?: readonly string[];
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', PUBLIC_URL: 'http://localhost:3000', ...options.env });
  const logs: Record<string, unknown>[] = [];
  const log = createLogger('debug', {}, (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const db = options.db ?? (await createTestDb({ samples: options.samples ?? [] }));
  const web = options.web ? await loadWebBuild() : undefined;
  const jobs = options.jobs ? await startJobQueue({ db, log, pollingSeconds: 0.5, leaseSeconds: config.JOBS_LEASE_SECONDS }) : undefined;
  const workers = jobs ? await registerJobs(jobs, { config, db, log }) : {};
  const app = buildApp({
    ...(jobs ? { jobs, ...workers } : {}),
    config,
    db,
    log,
    buildId: config.BUILD_ID ?? 'test-build',
    ...(web ? { web, webClientDir: path.join(WEB_BUILD_DIR, 'client') } : {}),
  });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    // As in serveRouter: a long import between two requests must not meet a socket closed meanwhile.
    s.keepAliveTimeout = 120_000;
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    db,
    config,
    ...(jobs ? { jobs } : {}),
    log,
    logs,
    fetch: (pathname, init) => fetch(`${url}${pathname}`, { redirect: 'manual', ...init }),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await jobs?.stop();
      if (!options.db) await db.close();
    },
  };
}

/** A browser user agent, for pages (crawlers are treated differently on errors). */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/**
 * The metrics port: GET /metrics in Prometheus's format with the named series (HTTP durations by
 * route pattern, imports, job queue, database, PDF pool), and nothing else on that port.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../importers/run.js';
import { type JobQueue, startJobQueue } from '../jobs/queue.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { watchDb, watchJobQueue, watchPdfPool } from './registry.js';
import { startMetricsServer } from './server.js';

let app: TestApp;
let queue: JobQueue;
let metrics: Server;
let base: string;
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-metrics-'));
const unwatch: (() => unknown)[] = [];

beforeAll(async () => {
  app = await startTestApp();
  queue = await startJobQueue({ db: app.db, log: app.log, pollingSeconds: 0.5, schema: 'pgboss_metrics' });
  unwatch.push(
    watchDb(() => app.db.stats()),
    watchJobQueue(() => queue.counts()),
  );
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stop of unwatch) stop();
  await new Promise((r) => metrics?.close(r));
  await queue?.stop();
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of the series `name{labels…}` (labels in any order), or undefined. */
function value(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('metrics port', () => {
  it('times HTTP requests by route pattern, never by the address asked', async () => {
    for (let i = 0; i < 3; i++) await (await app.fetch(`/api/_icons/inconnu-${i}.json?icons=home`)).text();
    await (await app.fetch('/api/version')).text();
    const text = await scrape();
    const icons = { method: 'GET', route: '/api/_icons/:file', status: '404' };
    expect(value(text, 'immoloupe_http_request_duration_seconds_count', icons)).toBeGreaterThanOrEqual(3);
    expect(value(text, 'immoloupe_http_request_duration_seconds_bucket', { ...icons, le: '+Inf' })).toBeGreaterThanOrEqual(3);
    expect(value(text, 'immoloupe_http_request_duration_seconds_count', { route: '/api/version', status: '200' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).not.toContain('inconnu-');
  });

  it('counts import runs: duration by source and outcome, rows kept and rejected', async () => {
    const file = path.join(dir, 'rnic.csv');
    writeFileSync(file, 'numero_d_immatriculation,nombre_total_de_lots,long,lat\nAA1234567,12,2.5,48.9\nAB7654321,3,,\nmauvais,1,,\n');
    const report = await runImport(app.db, { path: file, source: 'copro', startedBy: 'test' });
    expect(report).toMatchObject({ status: 'succeeded', rowsKept: 2, rowsRejected: 1 });
    await expect(runImport(app.db, { path: path.join(dir, 'absent.csv'), source: 'copro', startedBy: 'test' })).rejects.toThrow();
    const text = await scrape();
    expect(value(text, 'immoloupe_import_duration_seconds_count', { source: 'copro', status: 'succeeded' })).toBe(1);
    expect(value(text, 'immoloupe_import_duration_seconds_count', { source: 'copro', status: 'failed' })).toBe(1);
    expect(value(text, 'immoloupe_import_rows_total', { source: 'copro', outcome: 'kept' })).toBe(2);
    expect(value(text, 'immoloupe_import_rows_total', { source: 'copro', outcome: 'rejected' })).toBe(1);
  });

  it('shows the job queue’s depth and failures', async () => {
    await queue.register('metrics.waits', async () => undefined);
    await queue.register(
      'metrics.fails',
      async () => {
        throw new Error('échec voulu');
      },
      { retryLimit: 0 },
    );
    await queue.enqueue('metrics.waits', {}, { startAfterSeconds: 3600 });
    await queue.enqueue('metrics.waits', {}, { startAfterSeconds: 3600 });
    const failing = (await queue.enqueue('metrics.fails', {})) as string;
    await expect.poll(async () => (await queue.get('metrics.fails', failing))?.state, { timeout: 20_000 }).toBe('failed');
    const text = await scrape();
    expect(value(text, 'immoloupe_jobs', { queue: 'metrics.waits', state: 'created' })).toBe(2);
    expect(value(text, 'immoloupe_jobs', { queue: 'metrics.fails', state: 'failed' })).toBe(1);
    expect(value(text, 'immoloupe_job_failures_total', { queue: 'metrics.fails' })).toBe(1);
  });

  it('shows the database’s queries in flight and the PDF pool', async () => {
    const stop = watchPdfPool(() => ({ running: 2, queued: 5, capacity: 2 }));
    try {
      const text = await scrape();
      expect(value(text, 'immoloupe_db_queries_in_flight', { engine: app.db.kind })).toBeGreaterThanOrEqual(0);
      if (app.db.kind === 'postgres') expect(value(text, 'immoloupe_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(value(text, 'immoloupe_pdf_renders', { state: 'running' })).toBe(2);
      expect(value(text, 'immoloupe_pdf_renders', { state: 'queued' })).toBe(5);
      expect(value(text, 'immoloupe_pdf_renders', { state: 'capacity' })).toBe(2);
      // Process metrics come with the port.
      expect(text).toContain('process_cpu_seconds_total');
    } finally {
      stop();
    }
  });

  it('serves nothing else on that port', async () => {
    const res = await fetch(`${base}/api/version`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('seul GET /metrics');
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('database stats', () => {
  it('counts the queries running now', async () => {
    expect(app.db.stats().inFlight).toBe(0);
    const running = app.db.query('SELECT pg_sleep(0.3)');
    expect(app.db.stats().inFlight).toBe(1);
    await running;
    expect(app.db.stats().inFlight).toBe(0);
  });
});

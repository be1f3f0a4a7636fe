/**
 * The admin imports API and the public data freshness: admin only (real session, and the router
 * behind a stand-in session), upload of a file and import by département code as jobs of the durable queue,
 * one at a time, live progress of a running import.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshnessSchema, type ImportJob, importRunsResponseSchema } from '@immoloupe/shared/opendata/contracts';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestUser } from '../../auth/guards.js';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { errorHandler } from '../../http/errors.js';
import { loadOpenDataConfig } from '../../importers/open-data-config.js';
import { liveImports } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { type JobQueue, startJobQueue } from '../../jobs/queue.js';
import { createLogger } from '../../logger.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { IMPORT_QUEUE, ImportJobs } from './jobs.js';
import { importRoutes } from './routes.js';

let app: TestApp;
let queue: JobQueue;
let files: Server;
let filesUrl = '';
const cacheDir = mkdtempSync(path.join(tmpdir(), 'immoloupe-admin-imports-'));
const log = createLogger('silent');
const admin: RequestUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@exemple.fr',
  role: 'admin',
  aboactif: false,
  via: 'session',
};
const subscriber: RequestUser = { ...admin, email: 'abonne@exemple.fr', role: 'subscriber', aboactif: true };

beforeAll(async () => {
  app = await startTestApp();
  // The stand-in administrator exists: the audit log references its account.
  await app.db.query(`INSERT INTO users (id, email, password_hash, role) VALUES ($1, $2, 'x', 'admin')`, [admin.id, admin.email]);
  queue = await startJobQueue({ db: app.db, log, pollingSeconds: 0.5 });
  const abzac = readFileSync(SAMPLES.dvfAbzac);
  files = createServer((req, res) => {
    if (req.url === '/dvf/2021/33.csv') res.end(abzac);
    else if (req.url === '/cadastre/44.json.gz') res.writeHead(403).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const openData = loadOpenDataConfig({
    DATA_URL_DVF: `${filesUrl}/dvf/{year}/{dep}.csv`,
    DATA_URL_CADASTRE: `${filesUrl}/cadastre/{dep}.json.gz`,
    DATA_URL_BAN: `${filesUrl}/ban/{dep}.csv.gz`,
    DATA_URL_DPE: `${filesUrl}/dpe/{dep}`,
  });
  imports = await new ImportJobs({ queue, db: app.db, log, openData, cacheDir }).init();
});
afterAll(async () => {
  await queue?.stop();
  files?.close();
  await app?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** The router alone, behind a stand-in for the accounts feature's session middleware. */
let imports: ImportJobs;
async function withUser(user: RequestUser | undefined) {
  const server = express()
    .use(express.json())
    .use((req, _res, next) => {
      req.user = user;
      next();
    })
    .use('/api', importRoutes({ db: app.db, log, imports }))
    .use(errorHandler(log))
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fetch: (p: string, init?: RequestInit) => fetch(`${url}${p}`, init),
    close: () => new Promise((r) => server.close(r)),
  };
}

async function auditOf(target: string) {
  return app.db.query<{ action: string; actor_email: string; details: Record<string, unknown> }>(
    'SELECT action, actor_email, details FROM admin_audit WHERE target = $1 ORDER BY id',
    [target],
  );
}

async function postDepartement(api: Awaited<ReturnType<typeof withUser>>, body: unknown) {
  return api.fetch('/api/admin/imports/departement', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function waitForJob(api: Awaited<ReturnType<typeof withUser>>, id: string): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const body = importRunsResponseSchema.parse(await (await api.fetch('/api/admin/imports')).json());
    const job = body.jobs.find((j) => j.id === id);
    if (job && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job still running');
}

describe('GET /api/data/freshness', () => {
  it('says when nothing is imported, then the latest DVF date and the import date per source', async () => {
    const empty = freshnessSchema.parse(await (await app.fetch('/api/data/freshness')).json());
    expect(empty).toEqual({ dvfLatestMutation: null, sources: [] });
    const api = await withUser(admin);
    try {
      const res = await api.fetch('/api/admin/imports/upload?nom=etalab-geo-dvf_2021_33001_abzac.csv', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: readFileSync(SAMPLES.dvfAbzac),
      });
      expect(res.status).toBe(202);
      const { job } = (await res.json()) as { job: ImportJob };
      expect(await waitForJob(api, job.id)).toMatchObject({
        status: 'succeeded',
        message: 'etalab-geo-dvf_2021_33001_abzac.csv\u00a0: 164 ligne(s) importée(s), 0 rejetée(s).',
      });
      const runs = importRunsResponseSchema.parse(await (await api.fetch('/api/admin/imports')).json()).runs;
      expect(runs[0]).toMatchObject({
        source: 'dvf',
        status: 'succeeded',
        rowsRead: 164,
        rowsKept: 164,
        startedBy: 'admin@exemple.fr',
        phase: null,
      });
    } finally {
      await api.close();
    }
    const fresh = freshnessSchema.parse(await (await app.fetch('/api/data/freshness')).json());
    expect(fresh.dvfLatestMutation).toBe('2021-12-29');
    expect(fresh.sources).toEqual([
      {
        source: 'dvf',
        importedAt: expect.any(String),
        vintage: '2021-01-06 – 2021-12-29',
        files: [
          {
            fileName: 'etalab-geo-dvf_2021_33001_abzac.csv',
            importedAt: expect.any(String),
            vintage: '2021-01-06 – 2021-12-29',
            rows: 164,
          },
        ],
        fileCount: 1,
      },
    ]);
  });
});

describe('/api/admin/imports', () => {
  it('is refused without a session, and to a subscriber; listed to an administrator signed in for real', async () => {
    expect((await app.fetch('/api/admin/imports')).status).toBe(401);
    const sub = await withUser(subscriber);
    try {
      expect((await sub.fetch('/api/admin/imports')).status).toBe(403);
      expect((await sub.fetch('/api/admin/imports/departement', { method: 'POST' })).status).toBe(403);
    } finally {
      await sub.close();
    }
    await createAccount(app.db, 'admin-imports@exemple.fr', 'Un-mot-de-passe-solide-2026', { role: 'admin' });
    const browser = new TestBrowser(app.url);
    expect(await browser.signIn('admin-imports@exemple.fr', 'Un-mot-de-passe-solide-2026')).toMatchObject({ ok: true });
    const res = await browser.api('/api/admin/imports');
    expect(res.status).toBe(200);
    expect(importRunsResponseSchema.parse(await res.json()).runs.length).toBeGreaterThan(0);
    // The same API refuses a state-changing call without the CSRF token.
    expect((await browser.fetch('/api/admin/imports/departement', { method: 'POST' })).status).toBe(403);
  });

  it('imports a département from its code: downloads, skips what the server lacks, imports the rest', async () => {
    const api = await withUser(admin);
    try {
      const bad = await api.fetch('/api/admin/imports/departement', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dep: 'XYZ' }),
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe(
        'Département invalide (exemples\u00a0: 93, 2A, 971).',
      );
      const res = await api.fetch('/api/admin/imports/departement', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dep: '33', years: '2021' }),
      });
      expect(res.status).toBe(202);
      const { job } = (await res.json()) as { job: ImportJob };
      expect(job.label).toBe('Département 33, DVF 2021–2021');
      expect(await waitForJob(api, job.id)).toMatchObject({
        status: 'succeeded',
        message: '1 fichier(s) importé(s). 3 fichier(s) absent(s) du serveur ignoré(s).',
      });
      // The journal says how it ended, with the counts, after « Import lancé ».
      expect(await auditOf(job.label)).toEqual([
        { action: 'import.start', actor_email: admin.email, details: { dep: '33', years: [2021] } },
        { action: 'import.success', actor_email: admin.email, details: { files: 1, skipped: 3, rowsKept: 164, rowsRejected: 0 } },
      ]);
    } finally {
      await api.close();
    }
  });

  it('runs one import at a time, and shows the live progress of a running one', async () => {
    // An import waiting in the queue (not before an hour) counts as running.
    const waiting = (await queue.enqueue(
      IMPORT_QUEUE,
      { kind: 'departement', label: 'Import en cours', startedBy: 'test', dep: '93', years: [2024] },
      { startAfterSeconds: 3600 },
    )) as string;
    const api = await withUser(admin);
    try {
      const res = await api.fetch('/api/admin/imports/upload?nom=x.csv', { method: 'POST', body: 'a' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: 'Un import est déjà en cours\u00a0: attendez qu’il se termine.' });
      const [run] = await app.db.query<{ id: number }>(
        `INSERT INTO import_runs (source, file_name, started_by, bytes_total, host, pid) VALUES ('ban', 'adresses-93.csv', 'test', 1000, 'ailleurs', 1) RETURNING id`,
      );
      const id = Number(run?.id);
      liveImports.set(id, {
        runId: id,
        source: 'ban',
        fileName: 'adresses-93.csv',
        phase: 'lecture',
        bytesRead: 450,
        bytesTotal: 1000,
        rowsRead: 12,
        rowsKept: 11,
        rowsRejected: 1,
        elapsedMs: 2000,
      });
      try {
        const body = importRunsResponseSchema.parse(await (await api.fetch('/api/admin/imports')).json());
        expect(body.runs[0]).toMatchObject({
          id,
          status: 'running',
          phase: 'lecture',
          bytesRead: 450,
          bytesTotal: 1000,
          rowsRead: 12,
          rowsRejected: 1,
        });
        expect(body.jobs[0]).toMatchObject({ label: 'Import en cours', status: 'running' });
      } finally {
        liveImports.delete(id);
      }
    } finally {
      await queue.cancel(IMPORT_QUEUE, waiting);
      await api.close();
    }
  });

  it('refuses reversed, unpublished or unreadable years with a French 400, before anything starts', async () => {
    const api = await withUser(admin);
    try {
      const jobsBefore = (await imports.list()).length;
      const [auditBefore] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_audit');
      const cases: [string, string][] = [
        ['2024-2020', 'Années dans l’ordre croissant, par exemple 2020-2024.'],
        [String(new Date().getFullYear() + 1), `L’année ${new Date().getFullYear() + 1} n’est pas encore publiée`],
        ['2010-2012', 'Les données DVF commencent en 2014'],
        ['toutes', 'Années invalides «\u00a0toutes\u00a0»'],
      ];
      for (const [years, message] of cases) {
        const res = await postDepartement(api, { dep: '93', years });
        expect(res.status, years).toBe(400);
        const body = (await res.json()) as { issues: { path: string; message: string }[] };
        expect(body.issues[0]?.path).toBe('years');
        expect(body.issues[0]?.message).toContain(message);
      }
      expect((await imports.list()).length).toBe(jobsBefore);
      const [auditAfter] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_audit');
      expect(auditAfter?.n).toBe(auditBefore?.n);
    } finally {
      await api.close();
    }
  });

  it('lists a failed download in the history with its French reason, and the failure in the journal', async () => {
    const api = await withUser(admin);
    try {
      const res = await postDepartement(api, { dep: '44', years: '2021' });
      expect(res.status).toBe(202);
      const { job } = (await res.json()) as { job: ImportJob };
      const reason = `Téléchargement impossible après 1 tentative (réponse HTTP 403, accès refusé)\u00a0: ${filesUrl}/cadastre/44.json.gz`;
      expect(await waitForJob(api, job.id)).toMatchObject({ status: 'failed', message: reason });
      const runs = importRunsResponseSchema.parse(await (await api.fetch('/api/admin/imports')).json()).runs;
      expect(runs[0]).toMatchObject({
        source: 'cadastre',
        fileName: 'cadastre-44-parcelles.json.gz',
        url: `${filesUrl}/cadastre/44.json.gz`,
        status: 'failed',
        error: reason,
        startedBy: admin.email,
      });
      expect(await auditOf(job.label)).toEqual([
        { action: 'import.start', actor_email: admin.email, details: { dep: '44', years: [2021] } },
        { action: 'import.failure', actor_email: admin.email, details: { reason } },
      ]);
    } finally {
      await api.close();
    }
  });

  it('lists an unrecognised upload as failed, and tells to use the form’s Source menu, not a command-line flag', async () => {
    const api = await withUser(admin);
    try {
      const res = await api.fetch('/api/admin/imports/upload?nom=inconnu.csv', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: 'nom;prenom\nA;B\n',
      });
      expect(res.status).toBe(202);
      const { job } = (await res.json()) as { job: ImportJob };
      const done = await waitForJob(api, job.id);
      expect(done.status).toBe('failed');
      expect(done.message).toContain('Choisissez-la dans le menu «\u00a0Source\u00a0» du formulaire');
      expect(done.message).not.toContain('--source');
      const runs = importRunsResponseSchema.parse(await (await api.fetch('/api/admin/imports')).json()).runs;
      expect(runs[0]).toMatchObject({ source: null, fileName: 'inconnu.csv', status: 'failed', error: done.message });
      expect(await auditOf('Fichier inconnu.csv')).toEqual([
        { action: 'import.start', actor_email: admin.email, details: { source: null } },
        { action: 'import.failure', actor_email: admin.email, details: { reason: done.message } },
      ]);
    } finally {
      await api.close();
    }
  });
});

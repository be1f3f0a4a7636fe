/**
 * The département shortcut against a local HTTP server that serves the sample files (the build
 * machines have no internet): downloads with retries after a server error, a download resumed with
 * `Range` after the connection was cut, a paginated DPE API followed page by page, a missing year
 * skipped, and everything imported.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { importDepartement } from './departement.js';
import { downloadFile, parseYears } from './download.js';
import { loadOpenDataConfig } from './open-data-config.js';
import { SAMPLES } from './test-samples.js';

let db: Db;
let server: Server;
let base = '';
const requests: { url: string; range: string | undefined }[] = [];
const failures = new Map<string, number>();
const cache = mkdtempSync(path.join(tmpdir(), 'immoloupe-dl-'));

const cadastre = readFileSync(SAMPLES.cadastreBondy(2025));
const ban = gzipSync(readFileSync(SAMPLES.banBondy));
const dvf = gzipSync(readFileSync(SAMPLES.dvfAbzac));
const dpeLines = readFileSync(SAMPLES.dpeExistant, 'utf8')
  .replace(/^\uFEFF/, '')
  .split('\n');
const dpeHeader = dpeLines[0] ?? '';
const personnesMorales = readFileSync(SAMPLES.personnesMoralesParis18);
const dpeRows = dpeLines.slice(1).filter(Boolean);
// The DPE rows are single-line records: three pages of the API.
const dpePages = [dpeRows.slice(0, 400), dpeRows.slice(400, 800), dpeRows.slice(800)];

function once(key: string): boolean {
  const n = failures.get(key) ?? 0;
  failures.set(key, n + 1);
  return n === 0;
}

function handle(req: IncomingMessage, res: import('node:http').ServerResponse): void {
  const url = new URL(req.url ?? '/', base);
  requests.push({ url: url.pathname + url.search, range: req.headers.range });
  if (url.pathname === '/cadastre/93.json.gz') {
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range) {
      const from = Number(range[1]);
      res.writeHead(206, {
        'content-length': cadastre.length - from,
        'content-range': `bytes ${from}-${cadastre.length - 1}/${cadastre.length}`,
      });
      res.end(cadastre.subarray(from));
      return;
    }
    // First request: the connection is cut after 40 % of the file.
    res.writeHead(200, { 'content-length': cadastre.length });
    res.write(cadastre.subarray(0, Math.floor(cadastre.length * 0.4)), () => res.destroy());
    return;
  }
  if (url.pathname === '/ban/93.csv.gz') {
    if (once('ban')) {
      res.writeHead(503).end('indisponible');
      return;
    }
    res.writeHead(200, { 'content-length': ban.length }).end(ban);
    return;
  }
  if (url.pathname === '/dvf/2021/93.csv.gz') {
    res.writeHead(200, { 'content-length': dvf.length }).end(dvf);
    return;
  }
  if (url.pathname === '/pm/2025/PM_25_NB_930.csv') {
    res.writeHead(200, { 'content-length': personnesMorales.length }).end(personnesMorales);
    return;
  }
  if (url.pathname === '/dpe/lines') {
    const page = Number(url.searchParams.get('page') ?? '0');
    const body = `${dpeHeader}\n${(dpePages[page] ?? []).join('\n')}\n`;
    const headers: Record<string, string> = { 'content-type': 'text/csv' };
    if (page + 1 < dpePages.length) headers.link = `<${base}/dpe/lines?dep=${url.searchParams.get('dep')}&page=${page + 1}>; rel="next"`;
    res.writeHead(200, headers).end(body);
    return;
  }
  res.writeHead(404).end('introuvable');
}

beforeAll(async () => {
  db = await createTestDb();
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await db?.close();
  rmSync(cache, { recursive: true, force: true });
});

describe('département shortcut (--dep)', () => {
  it('downloads with retries and resume, follows the DPE pages, skips a missing year, and imports everything', async () => {
    const config = loadOpenDataConfig({
      DATA_URL_CADASTRE: `${base}/cadastre/{dep}.json.gz`,
      DATA_URL_BAN: `${base}/ban/{dep}.csv.gz`,
      DATA_URL_DVF: `${base}/dvf/{year}/{dep}.csv.gz`,
      DATA_URL_DPE: `${base}/dpe/lines?dep={dep}`,
      DATA_URL_PERSONNES_MORALES: `${base}/pm/2025/PM_25_NB_{dep}0.csv`,
    });
    const messages: string[] = [];
    const result = await importDepartement(db, {
      config,
      dep: '93',
      years: parseYears('2021-2022'),
      cacheDir: cache,
      startedBy: 'test',
      download: { backoffMs: 10 },
      onMessage: (m) => messages.push(m),
    });
    expect(result.skipped).toEqual([
      { url: `${base}/dvf/2022/93.csv.gz`, reason: `Fichier introuvable sur le serveur (404)\u00a0: ${base}/dvf/2022/93.csv.gz` },
    ]);
    expect(result.reports.map((r) => [r.source, r.status, r.rowsKept])).toEqual([
      ['cadastre', 'succeeded', 7124],
      ['ban', 'succeeded', 8413],
      ['dvf', 'succeeded', 164],
      ['dpe', 'succeeded', 1000],
      // The sample is the Paris 18e extract: what matters here is the download, named with its vintage.
      ['personnes-morales', 'succeeded', 5819],
    ]);
    expect(result.reports.at(-1)).toMatchObject({ fileName: 'PM_25_NB_930.csv', vintage: '2025' });
    // Resumed: the second request of the cadastre asked for the bytes it did not have.
    const cadastreRequests = requests.filter((r) => r.url === '/cadastre/93.json.gz');
    expect(cadastreRequests).toHaveLength(2);
    // The client resumes from what reached its disk before the cut (at most the 40 % sent).
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(cadastreRequests[1]?.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(Math.floor(cadastre.length * 0.4));
    expect(readFileSync(path.join(cache, 'cadastre-93-parcelles.json.gz')).equals(cadastre)).toBe(true);
    expect(requests.filter((r) => r.url === '/ban/93.csv.gz')).toHaveLength(2);
    expect(requests.filter((r) => r.url.startsWith('/dpe/lines'))).toHaveLength(3);
    const runs = await db.query<{ url: string; source: string }>(`SELECT url, source FROM import_runs ORDER BY id`);
    expect(runs[0]).toEqual({ url: `${base}/cadastre/93.json.gz`, source: 'cadastre' });
    expect(messages.some((m) => m.startsWith('Ignoré'))).toBe(true);
  });

  // A child process that compiles the command with tsx and migrates a new PGlite: over a minute on a busy machine.
  it('imports from a URL given to the command (npm run data:import -- <url>), and logs its start and outcome', async () => {
    const dataDir = path.join(cache, 'cli-data');
    // Asynchronous: the HTTP server that serves the file runs in this process.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        fileURLToPath(new URL('./child-register.mjs', import.meta.url)),
        fileURLToPath(new URL('../cli/data-import.ts', import.meta.url)),
        `${base}/dvf/2021/93.csv.gz`,
      ],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      },
    );
    expect(stdout).toContain(`Téléchargement de ${base}/dvf/2021/93.csv.gz`);
    expect(stdout).toMatch(/✔ DVF géolocalisées \(Etalab\) — 93\.csv\.gz\n {2}164 lignes lues, 164 importées, 0 rejetées/);
    expect(readFileSync(path.join(dataDir, 'telechargements', '93.csv.gz')).equals(dvf)).toBe(true);
    // The administration's audit log lists it, started by the command line.
    const cliDb = await openPglite(dataDir);
    try {
      const audit = await cliDb.query<{ actor_email: string; action: string; target: string; details: unknown }>(
        'SELECT actor_email, action, target, details FROM admin_audit ORDER BY at, id',
      );
      // The start and its outcome, as for an import started from the administration.
      expect(audit).toEqual([
        {
          actor_email: `ligne de commande (${userInfo().username})`,
          action: 'import.start',
          target: 'Fichier 93.csv.gz',
          details: { source: 'dvf' },
        },
        {
          actor_email: `ligne de commande (${userInfo().username})`,
          action: 'import.success',
          target: 'Fichier 93.csv.gz',
          details: { files: 1, skipped: 0, rowsKept: 164, rowsRejected: 0 },
        },
      ]);
    } finally {
      await cliDb.close();
    }
  }, 180_000);

  it('resumes a partial file left by a killed download, and gives up in French after the retries', async () => {
    const dest = path.join(cache, 'reprise.json.gz');
    writeFileSync(`${dest}.part`, cadastre.subarray(0, 1000));
    requests.length = 0;
    await downloadFile(`${base}/cadastre/93.json.gz`, dest, { backoffMs: 1 });
    expect(readFileSync(dest).equals(cadastre)).toBe(true);
    expect(requests).toEqual([{ url: '/cadastre/93.json.gz', range: 'bytes=1000-' }]);
    await expect(downloadFile('http://127.0.0.1:1/rien.csv', path.join(cache, 'rien.csv'), { retries: 1, backoffMs: 1 })).rejects.toThrow(
      /^Téléchargement impossible après 2 tentatives \(serveur injoignable\)\u00a0: http:\/\/127\.0\.0\.1:1\/rien\.csv$/,
    );
  });
});

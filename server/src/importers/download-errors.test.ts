/**
 * A failed download says why in French (Node's fetch only says « fetch failed »), with the real
 * number of attempts, then the address an administrator needs. A local server only: no internet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFailureReason, downloadFile, downloadPagedCsv, parseYears } from './download.js';

let server: Server;
let base = '';
const cache = mkdtempSync(path.join(tmpdir(), 'immoloupe-dl-errors-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/interdit.csv') res.writeHead(403).end('non');
    else res.writeHead(503).end('indisponible');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(cache, { recursive: true, force: true });
});

const fetchFailed = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`x ${code}`), { code }) });

describe('download failures', () => {
  it('translates the system error hidden behind « fetch failed »', () => {
    expect(downloadFailureReason(fetchFailed('ENOTFOUND'))).toBe('serveur introuvable, nom de domaine inconnu');
    expect(downloadFailureReason(fetchFailed('UND_ERR_CONNECT_TIMEOUT'))).toBe('délai de connexion dépassé');
    expect(downloadFailureReason(fetchFailed('ECONNRESET'))).toBe('connexion coupée par le serveur');
    expect(downloadFailureReason(fetchFailed('CERT_HAS_EXPIRED'))).toBe('certificat du serveur refusé');
    // Happy eyeballs: the codes are those of each address tried.
    const both = new TypeError('fetch failed', { cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]) });
    expect(downloadFailureReason(both)).toBe('serveur injoignable, connexion refusée');
    expect(downloadFailureReason(new TypeError('fetch failed'))).toBe('serveur injoignable');
    expect(downloadFailureReason(new TypeError('terminated'))).toBe('connexion coupée pendant le téléchargement');
  });

  it('says a closed port refuses the connection', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(downloadFile(`http://127.0.0.1:${port}/x.csv`, path.join(cache, 'x.csv'), { retries: 0 })).rejects.toThrow(
      `Téléchargement impossible après 1 tentative (serveur injoignable, connexion refusée)\u00a0: http://127.0.0.1:${port}/x.csv`,
    );
  });

  it('gives up at once on a refusal, with the HTTP status and one attempt counted', async () => {
    await expect(downloadFile(`${base}/interdit.csv`, path.join(cache, 'interdit.csv'), { backoffMs: 1 })).rejects.toThrow(
      `Téléchargement impossible après 1 tentative (réponse HTTP 403, accès refusé)\u00a0: ${base}/interdit.csv`,
    );
  });

  it('names a server error after the retries, for single files and paged APIs', async () => {
    await expect(downloadFile(`${base}/panne.csv`, path.join(cache, 'panne.csv'), { retries: 1, backoffMs: 1 })).rejects.toThrow(
      `Téléchargement impossible après 2 tentatives (réponse HTTP 503, erreur du serveur)\u00a0: ${base}/panne.csv`,
    );
    await expect(downloadPagedCsv(`${base}/pages`, path.join(cache, 'pages.csv'), { retries: 1, backoffMs: 1 })).rejects.toThrow(
      `Téléchargement impossible après 2 tentatives (réponse HTTP 503, erreur du serveur)\u00a0: ${base}/pages`,
    );
  });
});

describe('DVF years of the command line and the API', () => {
  it('refuses a reversed range, a year not yet published and one before DVF, in French', () => {
    expect(parseYears('2020-2022', 2026)).toEqual([2020, 2021, 2022]);
    expect(() => parseYears('2024-2020', 2026)).toThrow('Années dans l’ordre croissant, par exemple 2020-2024.');
    expect(() => parseYears('2030', 2026)).toThrow('L’année 2030 n’est pas encore publiée\u00a0: choisissez des années jusqu’à 2026.');
    expect(() => parseYears('2010-2015', 2026)).toThrow('Les données DVF commencent en 2014');
  });
});

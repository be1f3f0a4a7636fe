// @vitest-environment node
/**
 * The open-data downloads go through the outbound helper: a redirect to a loopback, private or
 * link-local address is refused (the forbidden host is never contacted), a redirect to the same
 * server is followed, a body over the byte cap is cut off (or refused at once when its length is
 * announced) in French and leaves nothing behind, and a server that stays silent is given up on.
 * Local HTTP stand-ins only: no internet.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOrPublicHost } from '../http/outbound.js';
import { downloadFile, downloadPagedCsv } from './download.js';

let files: Server;
let forbidden: Server;
let base = '';
let forbiddenUrl = '';
const forbiddenHits: string[] = [];
/** Bytes the endless route wrote before its client went away. */
let endlessWritten = 0;
const stalled: ServerResponse[] = [];
const cache = mkdtempSync(path.join(tmpdir(), 'immoloupe-dl-outbound-'));

const listen = (s: Server) =>
  new Promise<string>((r) => s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  forbidden = createServer((req, res) => {
    forbiddenHits.push(req.url ?? '');
    res.end('identifiants internes');
  });
  forbiddenUrl = await listen(forbidden);
  files = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/fichier.csv') return void res.end('a;b\n1;2\n');
    if (url === '/deplace.csv') return void res.writeHead(302, { location: '/fichier.csv' }).end();
    // Another port of the same machine: another host, a loopback address.
    if (url === '/vers-interne.csv') return void res.writeHead(302, { location: `${forbiddenUrl}/secret` }).end();
    if (url === '/vers-metadonnees.csv') return void res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url === '/sans-fin.csv') {
      // No length announced: only the count of what flows can stop it.
      res.writeHead(200, { 'content-type': 'text/csv' });
      const chunk = Buffer.alloc(1000, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) endlessWritten += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
      return;
    }
    if (url === '/annonce-gros.csv') {
      res.writeHead(200, { 'content-length': String(50_000) });
      return void res.write('x');
    }
    if (url === '/muet.csv') {
      // Headers and a first chunk, then silence.
      res.writeHead(200, { 'content-length': String(10_000) });
      res.write(Buffer.alloc(100, 'x'));
      stalled.push(res);
      return;
    }
    if (url === '/sans-reponse.csv') return void stalled.push(res);
    if (url === '/pages') return void res.writeHead(200, { link: `<${forbiddenUrl}/page2>; rel="next"` }).end('a;b\n1;2\n');
    res.writeHead(404).end();
  });
  base = await listen(files);
});

afterAll(async () => {
  for (const res of stalled) res.destroy();
  files.closeAllConnections();
  await new Promise((r) => files.close(r));
  await new Promise((r) => forbidden.close(r));
  rmSync(cache, { recursive: true, force: true });
});

describe('downloads through the outbound helper', () => {
  it('follows a redirect to the same server', async () => {
    const dest = path.join(cache, 'deplace.csv');
    await downloadFile(`${base}/deplace.csv`, dest, { retries: 0 });
    expect(readFileSync(dest, 'utf8')).toBe('a;b\n1;2\n');
  });

  it('refuses a redirect to a loopback or link-local host at once, without contacting it', async () => {
    await expect(downloadFile(`${base}/vers-interne.csv`, path.join(cache, 'interne.csv'), { backoffMs: 1 })).rejects.toThrow(
      `Téléchargement impossible après 1 tentative (redirection vers ${new URL(forbiddenUrl).host} refusée, adresse non autorisée)\u00a0: ${base}/vers-interne.csv`,
    );
    await expect(downloadFile(`${base}/vers-metadonnees.csv`, path.join(cache, 'meta.csv'), { backoffMs: 1 })).rejects.toThrow(
      '(redirection vers 169.254.169.254 refusée, adresse non autorisée)',
    );
    // The paginated API's next page is a hop too.
    await expect(downloadPagedCsv(`${base}/pages`, path.join(cache, 'pages.csv'), { backoffMs: 1 })).rejects.toThrow(
      `Téléchargement impossible après 1 tentative (redirection vers ${new URL(forbiddenUrl).host} refusée, adresse non autorisée)`,
    );
    expect(forbiddenHits).toEqual([]);
    expect(existsSync(path.join(cache, 'interne.csv'))).toBe(false);
  });

  it('cuts off a body over the byte cap, in French, keeps no part file and does not retry', async () => {
    const dest = path.join(cache, 'sans-fin.csv');
    await expect(downloadFile(`${base}/sans-fin.csv`, dest, { maxBytes: 20_000, backoffMs: 1 })).rejects.toThrow(
      `Téléchargement impossible après 1 tentative (fichier trop volumineux, plus de 20\u00a0ko)\u00a0: ${base}/sans-fin.csv`,
    );
    expect(existsSync(dest)).toBe(false);
    expect(existsSync(`${dest}.part`)).toBe(false);
    // The transfer was aborted, not read to the end: the server stopped soon after the cap.
    await new Promise((r) => setTimeout(r, 100));
    expect(endlessWritten).toBeLessThan(5_000_000);
  });

  it('refuses an announced length over the cap before reading it', async () => {
    await expect(
      downloadFile(`${base}/annonce-gros.csv`, path.join(cache, 'gros.csv'), { maxBytes: 20_000, backoffMs: 1 }),
    ).rejects.toThrow('(fichier trop volumineux, plus de 20\u00a0ko)');
  });

  it('gives up on a server that stops sending, and on one that never answers, after its retries', async () => {
    const started = Date.now();
    await expect(
      downloadFile(`${base}/muet.csv`, path.join(cache, 'muet.csv'), { retries: 1, backoffMs: 1, idleTimeoutMs: 300, timeoutMs: 5000 }),
    ).rejects.toThrow(`Téléchargement impossible après 2 tentatives (délai dépassé)\u00a0: ${base}/muet.csv`);
    await expect(
      downloadFile(`${base}/sans-reponse.csv`, path.join(cache, 'sans-reponse.csv'), { retries: 0, timeoutMs: 300 }),
    ).rejects.toThrow(`Téléchargement impossible après 1 tentative (délai dépassé)\u00a0: ${base}/sans-reponse.csv`);
    // Bounded by the time limits, not by the 10 000 announced bytes that never come.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('the hop rule of downloads', () => {
  const first = new URL('http://127.0.0.1:8080/fichier.csv');
  const resolver = (addresses: Record<string, string>) =>
    (async (name: string) => [
      { address: addresses[name] ?? '203.0.113.9', family: 4 },
    ]) as unknown as typeof import('node:dns/promises').lookup;
  const allow = firstOrPublicHost(
    first,
    resolver({ 'interne.exemple': '10.0.0.5', 'v6.exemple': 'fd00::1', 'stockage.exemple': '194.0.2.1' }),
  );

  it('lets through the first host and public hosts, and refuses private, loopback and link-local addresses and other schemes', async () => {
    expect(await allow(new URL('http://127.0.0.1:8080/autre.csv'))).toBe(true);
    expect(await allow(new URL('https://stockage.exemple/f.csv.gz'))).toBe(true);
    expect(await allow(new URL('https://93.184.216.34/f.csv'))).toBe(true);
    expect(await allow(new URL('http://127.0.0.1:5432/'))).toBe(false);
    expect(await allow(new URL('http://interne.exemple/'))).toBe(false);
    expect(await allow(new URL('http://v6.exemple/'))).toBe(false);
    expect(await allow(new URL('http://[::1]/'))).toBe(false);
    expect(await allow(new URL('http://[::ffff:127.0.0.1]/'))).toBe(false);
    expect(await allow(new URL('http://192.168.1.1/'))).toBe(false);
    expect(await allow(new URL('http://169.254.169.254/latest/meta-data/'))).toBe(false);
    expect(await allow(new URL('file:///etc/passwd'))).toBe(false);
  });
});

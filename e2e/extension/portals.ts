/**
 * The eight portals, served from this machine: sample pages of ../shared/data/listings/ rebuilt at
 * test time (never copied into the repository) and answered under the portals' real host names,
 * which Chromium resolves to this server (`--host-resolver-rules`). The pages' own scripts and
 * remote resources are refused by a CSP header: only the extension's content script runs. HTTPS
 * with a certificate made for the run (Chromium started with --ignore-certificate-errors): some
 * portals are on Chromium's HSTS preload list and cannot be reached over plain HTTP.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORTAL_HOSTS } from '../../shared/src/extension/contracts.ts';
import { SHARED_DATA } from '../support/server.js';

const LISTINGS = path.join(SHARED_DATA, 'listings');

/**
 * The extension captures are JSON strings of a `<body>`, some escaped twice upstream (a leading quote
 * and literal `\n` / `"n` left between tags, see PROVENANCE.md): whitespace to HTML.
 */
function captureHtml(raw: string): string {
  let html = JSON.parse(raw) as string;
  if (html.startsWith('"<')) html = html.slice(1);
  html = html.replace(/>(?:\\[nt]|"[nt]|\s)+/g, '> ').replace(/(?:\\[nt]|"[nt]|\s)+</g, ' <');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Annonce</title></head>${html}</html>`;
}

export function samplePage(file: string): string {
  const raw = readFileSync(path.join(LISTINGS, file), 'utf8');
  if (file.endsWith('.json')) return captureHtml(raw);
  if (/<html[\s>]/i.test(raw.slice(0, 2000))) return raw;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Résultats</title></head><body>${raw}</body></html>`;
}

/** One ad page per portal whose sample is an ad: a URL of that portal's shape, and its sample file. */
export const AD_PAGES = {
  leboncoin: [
    'www.leboncoin.fr/ventes_immobilieres/1476063628.htm',
    'leboncoin/lbc_ad-page_vente_sainte-maure-de-touraine-37800_2018-08_LEGACY.html',
  ],
  seloger: [
    'www.seloger.com/annonces/locations/appartement/lyon-8eme-69/la-plaine/249918711.htm',
    'seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json',
  ],
  pap: ['www.pap.fr/annonces/appartement-paris-5e-r465000000', 'pap/pap_ad-page-body_location_paris-75005_2024-07.json'],
  bienici: [
    'www.bienici.com/annonce/location/paris-12e/appartement/1piece/006091E2BROE',
    'bienici/bienici_ad-page-body_location_paris-75012_2024-07.json',
  ],
  lefigaro: ['immobilier.lefigaro.fr/annonces/annonce-65000000.html', 'lefigaro/lefigaro_ad-page-body_location_paris-75006_2024-07.json'],
  orpi: ['www.orpi.com/annonce-location-appartement-t2-paris-17-b-e2abcd/', 'orpi/orpi_ad-page-body_location_paris-75017_2025-10.json'],
  paruvendu: [
    'www.paruvendu.fr/immobilier/vente/appartement/1288616098A1KIVHAP000',
    'paruvendu/paruvendu_search-result-card_vente_bordeaux-33_2026-02.html',
  ],
} as const;

export interface PortalServer {
  port: number;
  /** Chromium's flag mapping every portal host to this server. */
  hostResolverRules: string;
  close(): Promise<void>;
}

/** A self-signed certificate for the run, made by the openssl command. */
function testCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-cert-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=portails-de-test'],
      {
        stdio: 'ignore',
      },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `pages` (host and path of a portal URL → sample file) over HTTPS. */
export async function startPortals(pages: Record<string, string>): Promise<PortalServer> {
  const server: Server = createServer(testCertificate(), (req, res) => {
    const url = new URL(req.url ?? '/', `https://${req.headers.host}`);
    const file = pages[`${url.host}${url.pathname}`];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Page inconnue');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    });
    res.end(samplePage(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const hosts = Object.values(PORTAL_HOSTS).flat();
  return {
    port,
    hostResolverRules: hosts.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(', '),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

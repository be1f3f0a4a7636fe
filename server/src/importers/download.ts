/**
 * Downloads of the official files: retried with back-off, resumed with an HTTP `Range` request
 * from what a previous attempt (or a killed run) left in `<file>.part`, renamed when complete.
 * Paginated APIs (ADEME data-fair, `Link: <…>; rel="next"`) are followed page by page into one CSV.
 * The département shortcut (`--dep 93 --years 2020-2024`) is a list of such downloads.
 * Every request goes through `outboundStream`: each redirect's host checked again (the file
 * servers' storage hosts are public; a loopback, private or link-local address is refused), the
 * body streamed to disk under a byte cap, a deadline for the headers and for each silence.
 */
import { appendFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseDvfYears } from '@immoloupe/shared/opendata/contracts';
import { firstOrPublicHost, formatBytes, OutboundError, type OutboundStream, outboundStream } from '../http/outbound.js';
import { ImportError } from './errors.js';
import type { Source } from './importer.js';
import type { OpenDataConfig } from './open-data-config.js';

export interface DownloadOptions {
  retries?: number;
  /** First back-off delay; doubled at each retry. */
  backoffMs?: number;
  onProgress?: (bytes: number, total: number | null) => void;
  /** Largest file accepted, resumed part included (a département's cadastre: about 300 MB). */
  maxBytes?: number;
  /** Deadline until the server's answer (its headers). */
  timeoutMs?: number;
  /** Longest silence while the body streams. */
  idleTimeoutMs?: number;
}

/** 4 GB: ten times the largest official file of a département. */
export const MAX_DOWNLOAD_BYTES = 4_000_000_000;
/** One page of the paginated DPE API (10 000 lines: about 40 MB). */
export const MAX_PAGE_BYTES = 500_000_000;
const TIMEOUT_MS = 60_000;
const IDLE_TIMEOUT_MS = 120_000;

export class DownloadNotFound extends ImportError {}

/** Why one attempt failed, already in French (an HTTP status, a body shorter than announced). */
class AttemptFailure extends Error {}

const CONNECTION_REASONS: Record<string, string> = {
  ENOTFOUND: 'serveur introuvable, nom de domaine inconnu',
  EAI_AGAIN: 'serveur introuvable, résolution du nom impossible',
  ECONNREFUSED: 'serveur injoignable, connexion refusée',
  EHOSTUNREACH: 'serveur injoignable, réseau inaccessible',
  ENETUNREACH: 'serveur injoignable, réseau inaccessible',
  ETIMEDOUT: 'délai dépassé',
  UND_ERR_CONNECT_TIMEOUT: 'délai de connexion dépassé',
  UND_ERR_HEADERS_TIMEOUT: 'délai dépassé (le serveur ne répond pas)',
  UND_ERR_BODY_TIMEOUT: 'délai dépassé pendant le téléchargement',
  ECONNRESET: 'connexion coupée par le serveur',
  EPIPE: 'connexion coupée par le serveur',
  UND_ERR_SOCKET: 'connexion coupée par le serveur',
  ENOSPC: 'disque plein',
  EACCES: 'écriture refusée dans le dossier des téléchargements',
  EPERM: 'écriture refusée dans le dossier des téléchargements',
};

function errorCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 4) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof e.code === 'string' ? [e.code] : []),
    ...errorCodes(e.cause, depth + 1),
    ...(Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : []),
  ];
}

/**
 * The French reason of a failed download, for an administrator. Node's fetch says only « fetch
 * failed » and hides the system error (refused, unknown host, timeout) in its `cause`.
 */
export function downloadFailureReason(err: unknown): string {
  if (err instanceof AttemptFailure) return err.message;
  if (err instanceof OutboundError) {
    if (err.reason === 'host') return `redirection vers ${err.host} refusée, adresse non autorisée`;
    if (err.reason === 'redirects') return 'trop de redirections';
    if (err.reason === 'too-large') return `fichier trop volumineux, plus de ${formatBytes(err.maxBytes ?? 0)}`;
    if (err.reason === 'timeout') return 'délai dépassé';
    // A network failure: its cause holds the system error.
    return downloadFailureReason(err.cause);
  }
  for (const code of errorCodes(err)) {
    const reason = CONNECTION_REASONS[code];
    if (reason) return reason;
    if (/CERT|SSL|TLS/.test(code)) return 'certificat du serveur refusé';
  }
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'délai dépassé';
  if (err instanceof Error && err.message === 'terminated') return 'connexion coupée pendant le téléchargement';
  return 'serveur injoignable';
}

function httpFailure(status: number): AttemptFailure {
  const meaning =
    status === 401 || status === 403
      ? ', accès refusé'
      : status === 429
        ? ', trop de requêtes'
        : status >= 500
          ? ', erreur du serveur'
          : '';
  return new AttemptFailure(`réponse HTTP ${status}${meaning}`);
}

function gaveUp(attempts: number, err: unknown, url: string): ImportError {
  const tries = attempts > 1 ? `${attempts} tentatives` : '1 tentative';
  return new ImportError(`Téléchargement impossible après ${tries} (${downloadFailureReason(err)})\u00a0: ${url}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A refused host, redirect loop or oversized file is the same at the next attempt: not retried. */
const final = (err: unknown) => err instanceof OutboundError && err.reason !== 'timeout' && err.reason !== 'network';

/** `origin`: the address the administrator configured, whose host the hop rule lets through. */
function open(
  url: string,
  options: DownloadOptions,
  maxBytes: number,
  headers: Record<string, string> = {},
  origin: URL = new URL(url),
): Promise<OutboundStream> {
  return outboundStream(url, {
    headers,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    maxBytes,
    allowUrl: firstOrPublicHost(origin),
    maxRedirects: 5,
  });
}

function sizeOf(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** Downloads `url` to `dest`, resuming a partial `dest.part`. Returns the final path. */
export async function downloadFile(url: string, dest: string, options: DownloadOptions = {}): Promise<string> {
  const retries = options.retries ?? 4;
  const part = `${dest}.part`;
  mkdirSync(path.dirname(dest), { recursive: true });
  let lastError: unknown;
  let attempts = 0;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.backoffMs ?? 500) * 2 ** (attempt - 1));
    attempts++;
    const have = sizeOf(part);
    const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES;
    let res: OutboundStream;
    try {
      res = await open(url, options, Math.max(0, maxBytes - have), have > 0 ? { range: `bytes=${have}-` } : {});
    } catch (err) {
      lastError = err;
      if (final(err)) break;
      continue;
    }
    if (res.status === 404 || res.status === 410) {
      await res.cancel();
      throw new DownloadNotFound(`Fichier introuvable sur le serveur (${res.status})\u00a0: ${url}`);
    }
    if (res.status === 416 && have > 0) {
      // The partial file is already complete.
      await res.cancel();
      renameSync(part, dest);
      return dest;
    }
    if (!res.ok || !res.body) {
      await res.cancel();
      lastError = httpFailure(res.status);
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) break;
      continue;
    }
    const append = res.status === 206 && have > 0;
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    const total = Number.isFinite(length) ? length + (append ? have : 0) : null;
    let bytes = append ? have : 0;
    const body = res.body;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      options.onProgress?.(bytes, total);
    });
    const out = createWriteStream(part, { flags: append ? 'a' : 'w' });
    const closed = new Promise<void>((r) => out.once('close', () => r()));
    try {
      await pipeline(body, out);
    } catch (err) {
      // Writes already handed to the file system land after the error: measure the part file only once closed.
      await closed;
      lastError = err;
      if (final(err)) {
        // An oversized file is not kept for a resume.
        rmSync(part, { force: true });
        break;
      }
      continue;
    }
    if (total !== null && sizeOf(part) < total) {
      lastError = new AttemptFailure('connexion coupée avant la fin');
      continue;
    }
    renameSync(part, dest);
    return dest;
  }
  throw gaveUp(attempts, lastError, url);
}

/** Follows `Link: rel="next"` pages of a CSV API into one file (header written once). */
export async function downloadPagedCsv(url: string, dest: string, options: DownloadOptions = {}): Promise<string> {
  mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.part`;
  rmSync(tmp, { force: true });
  let next: string | null = url;
  let page = 0;
  while (next) {
    const pageFile = `${dest}.page`;
    rmSync(pageFile, { force: true });
    // The next pages are hops of the configured address: a `Link` to an internal host is refused.
    const link = await fetchPage(next, pageFile, options, new URL(url));
    let text = readFileSync(pageFile, 'utf8');
    if (page > 0) text = text.slice(text.indexOf('\n') + 1);
    if (text.length > 0 && !text.endsWith('\n')) text += '\n';
    appendFileSync(tmp, text);
    rmSync(pageFile, { force: true });
    page++;
    next = link;
  }
  renameSync(tmp, dest);
  return dest;
}

async function fetchPage(url: string, file: string, options: DownloadOptions, origin: URL): Promise<string | null> {
  const retries = options.retries ?? 4;
  let lastError: unknown;
  let attempts = 0;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.backoffMs ?? 500) * 2 ** (attempt - 1));
    try {
      const res = await open(url, options, options.maxBytes ?? MAX_PAGE_BYTES, {}, origin);
      if (res.status === 404) {
        await res.cancel();
        throw new DownloadNotFound(`Fichier introuvable sur le serveur (404)\u00a0: ${url}`);
      }
      if (!res.ok || !res.body) {
        await res.cancel();
        throw httpFailure(res.status);
      }
      await pipeline(res.body, createWriteStream(file));
      const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(res.headers.get('link') ?? '');
      return m?.[1] ? new URL(m[1], url).toString() : null;
    } catch (err) {
      if (err instanceof DownloadNotFound) throw err;
      lastError = err;
      attempts++;
      if (final(err)) break;
    }
  }
  throw gaveUp(attempts, lastError, url);
}

export interface PlannedDownload {
  source: Source;
  url: string;
  fileName: string;
  paged: boolean;
}

/** Parses `2020-2024`, `2022` or `2020,2022`; the rules (and their French refusals) are the API's. */
export function parseYears(spec: string, currentYear?: number): number[] {
  const parsed = parseDvfYears(spec, currentYear);
  if (!parsed.ok) throw new ImportError(parsed.message);
  return parsed.years;
}

export function normaliseDepartement(dep: string): string {
  const d = dep.trim().toUpperCase();
  if (/^\d$/.test(d)) return `0${d}`;
  if (!/^(\d{2}|2A|2B|97[1-6])$/.test(d))
    throw new ImportError(`Département invalide « ${dep} »\u00a0: écrivez par exemple 93, 2A ou 971.`);
  return d;
}

/** The official files of one département: cadastre, BAN, geo-DVF per year, DPE. */
export function departementPlan(config: OpenDataConfig, depInput: string, years: number[]): PlannedDownload[] {
  const dep = normaliseDepartement(depInput);
  const fill = (t: string, year?: number) => t.replaceAll('{dep}', dep).replaceAll('{year}', String(year ?? ''));
  return [
    { source: 'cadastre', url: fill(config.urls.cadastre), fileName: `cadastre-${dep}-parcelles.json.gz`, paged: false },
    { source: 'ban', url: fill(config.urls.ban), fileName: `adresses-${dep}.csv.gz`, paged: false },
    ...years.map(
      (year): PlannedDownload => ({ source: 'dvf', url: fill(config.urls.dvf, year), fileName: `dvf-${year}-${dep}.csv.gz`, paged: false }),
    ),
    { source: 'dpe', url: fill(config.urls.dpe), fileName: `dpe-${dep}.csv`, paged: true },
    ...(config.urls.personnesMorales
      ? [
          {
            source: 'personnes-morales',
            url: fill(config.urls.personnesMorales),
            // The official name carries the vintage (PM_25_NB_750…): kept when the URL has it.
            fileName: pmFileName(fill(config.urls.personnesMorales), dep),
            paged: false,
          } satisfies PlannedDownload,
        ]
      : []),
  ];
}

function pmFileName(url: string, dep: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return /^PM_\d{2}_N?B_/i.test(last) ? last : `personnes-morales-${dep}.csv`;
}

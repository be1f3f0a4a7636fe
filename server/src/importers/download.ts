/**
 * Downloads of the official files: retried with back-off, resumed with an HTTP `Range` request
 * from what a previous attempt (or a killed run) left in `<file>.part`, renamed when complete.
 * Paginated APIs (ADEME data-fair, `Link: <…>; rel="next"`) are followed page by page into one CSV.
 * The département shortcut (`--dep 93 --years 2020-2024`) is a list of such downloads.
 */
import { appendFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ImportError } from './errors.js';
import type { Source } from './importer.js';
import type { OpenDataConfig } from './open-data-config.js';

export interface DownloadOptions {
  retries?: number;
  /** First back-off delay; doubled at each retry. */
  backoffMs?: number;
  onProgress?: (bytes: number, total: number | null) => void;
}

export class DownloadNotFound extends ImportError {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sizeOf(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** Downloads `url` to `dest`, resuming a partial `dest.part`. Returns the final path. */
export async function downloadFile(url: string, dest: string, options: DownloadOptions = {}): Promise<string> {
  const retries = options.retries ?? 4;
  const part = `${dest}.part`;
  mkdirSync(path.dirname(dest), { recursive: true });
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.backoffMs ?? 500) * 2 ** (attempt - 1));
    const have = sizeOf(part);
    let res: Response;
    try {
      res = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, redirect: 'follow' });
    } catch (err) {
      lastError = err;
      continue;
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      throw new DownloadNotFound(`Fichier introuvable sur le serveur (${res.status})\u00a0: ${url}`);
    }
    if (res.status === 416 && have > 0) {
      // The partial file is already complete.
      await res.body?.cancel();
      renameSync(part, dest);
      return dest;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      lastError = new Error(`HTTP ${res.status}`);
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) break;
      continue;
    }
    const append = res.status === 206 && have > 0;
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    const total = Number.isFinite(length) ? length + (append ? have : 0) : null;
    let bytes = append ? have : 0;
    const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
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
      continue;
    }
    if (total !== null && sizeOf(part) < total) {
      lastError = new Error('connexion coupée avant la fin');
      continue;
    }
    renameSync(part, dest);
    return dest;
  }
  const why = lastError instanceof Error ? lastError.message : String(lastError);
  throw new ImportError(`Téléchargement impossible après ${retries + 1} tentatives (${why})\u00a0: ${url}`);
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
    const link = await fetchPage(next, pageFile, options);
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

async function fetchPage(url: string, file: string, options: DownloadOptions): Promise<string | null> {
  const retries = options.retries ?? 4;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.backoffMs ?? 500) * 2 ** (attempt - 1));
    try {
      const res = await fetch(url);
      if (res.status === 404) throw new DownloadNotFound(`Fichier introuvable sur le serveur (404)\u00a0: ${url}`);
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      await pipeline(Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>), createWriteStream(file));
      const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(res.headers.get('link') ?? '');
      return m?.[1] ? new URL(m[1], url).toString() : null;
    } catch (err) {
      if (err instanceof DownloadNotFound) throw err;
      lastError = err;
    }
  }
  const why = lastError instanceof Error ? lastError.message : String(lastError);
  throw new ImportError(`Téléchargement impossible après ${retries + 1} tentatives (${why})\u00a0: ${url}`);
}

export interface PlannedDownload {
  source: Source;
  url: string;
  fileName: string;
  paged: boolean;
}

/** Parses `2020-2024`, `2022` or `2020,2022`. */
export function parseYears(spec: string): number[] {
  const years = new Set<number>();
  for (const part of spec.split(',').map((s) => s.trim())) {
    const m = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
    if (!m) throw new ImportError(`Années invalides « ${spec} »\u00a0: écrivez par exemple 2020-2024.`);
    const a = Number(m[1]);
    const b = Number(m[2] ?? m[1]);
    if (b < a || a < 2014 || b > 2100) throw new ImportError(`Années invalides « ${spec} »\u00a0: DVF commence en 2014.`);
    for (let y = a; y <= b; y++) years.add(y);
  }
  return [...years].sort();
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

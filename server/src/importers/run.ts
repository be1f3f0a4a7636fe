/**
 * Runs one import of one file: provenance record, staging (streamed, in batches, outside any
 * transaction), then one transaction that merges the staged rows into the data tables and completes
 * the provenance record. A failure or a kill before that commit leaves the previous data intact;
 * the run is then marked `failed` (or `interrupted` by the next import, for a killed process).
 */
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { DEFAULT_BOUNDS, type PlausibilityBounds } from '@immoloupe/shared/market/mutation.logic';
import type { Db } from '../db/client.js';
import { observeImport } from '../metrics/registry.js';
import { banImporter } from './ban.js';
import { basiasImporter } from './basias.js';
import { batimentsImporter } from './batiments.js';
import { cadastreImporter } from './cadastre.js';
import { coproImporter } from './copro.js';
import { detectSource, type ImportOrigin } from './detect.js';
import { dpeImporter } from './dpe.js';
import { dvfGeoImporter, dvfRawImporter } from './dvf.js';
import { ImportError } from './errors.js';
import { gasparImporter } from './gaspar.js';
import { icpeImporter } from './icpe.js';
import type { Importer, Source } from './importer.js';
import { openInput, peekText, sniffEncoding, type TextEncoding } from './input.js';
import { listingFeedsImporter } from './listing-feeds.js';
import { loyersImporter } from './loyers.js';
import { personnesMoralesImporter } from './personnes-morales.js';
import { pluImporter } from './plu.js';
import { pluFormatOf } from './plu-read.js';
import { refreshesOf } from './refresh.js';
import { sitadelImporter } from './sitadel.js';
import { dropStaleStages, Stage } from './stage.js';

export const IMPORTERS: Record<Source, Importer> = {
  cadastre: cadastreImporter,
  batiments: batimentsImporter,
  ban: banImporter,
  copro: coproImporter,
  'dvf-raw': dvfRawImporter,
  dvf: dvfGeoImporter,
  dpe: dpeImporter,
  'personnes-morales': personnesMoralesImporter,
  annonces: listingFeedsImporter,
  loyers: loyersImporter,
  plu: pluImporter,
  gaspar: gasparImporter,
  icpe: icpeImporter,
  basias: basiasImporter,
  sitadel: sitadelImporter,
};

/** Order of import when several files are given: parcels first, so that DVF rows find their centroid. */
export const SOURCE_ORDER: readonly Source[] = [
  'cadastre',
  'batiments',
  'ban',
  'copro',
  'dvf-raw',
  'dvf',
  'dpe',
  'personnes-morales',
  'annonces',
  'loyers',
  'plu',
  'gaspar',
  // After the BAN, whose addresses place the sites.
  'icpe',
  'basias',
  'sitadel',
];

export const MAX_REJECTS_KEPT = 100;
const HEARTBEAT_MS = 1_000;
/** A PostgreSQL run whose heartbeat stopped this long ago belongs to a killed process. */
const STALE_AFTER_MS = 2 * 60_000;

export interface ImportProgress {
  runId: number;
  source: Source;
  fileName: string;
  phase: 'lecture' | 'fusion';
  bytesRead: number;
  bytesTotal: number;
  rowsRead: number;
  rowsKept: number;
  rowsRejected: number;
  elapsedMs: number;
}

export interface ImportOptions {
  path: string;
  /** Name shown in reports; default: the file's name. */
  name?: string;
  url?: string;
  source?: Source;
  startedBy: string;
  bounds?: PlausibilityBounds;
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportReport {
  runId: number;
  source: Source;
  fileName: string;
  status: 'succeeded' | 'failed';
  vintage: string | null;
  rowsRead: number;
  rowsKept: number;
  rowsRejected: number;
  rejects: { line: number; reason: string }[];
  summary: Record<string, number | string | null>;
  durationMs: number;
  error: string | null;
}

/** Imports running in this process, for the admin page's live progress. */
export const liveImports = new Map<number, ImportProgress>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks as interrupted the runs left `running` by a killed process, and drops their staging
 * tables. A run is dead when it is not running in this process and: the database is PGlite (one
 * process only), or its process on this machine is gone, or its heartbeat stopped long ago.
 */
export async function markInterruptedRuns(db: Db): Promise<number> {
  const running = await db.query<{ id: number; host: string | null; pid: number | null; stale: boolean }>(
    `SELECT id, host, pid, heartbeat_at < now() - ($1::int * interval '1 millisecond') AS stale FROM import_runs WHERE status = 'running'`,
    [STALE_AFTER_MS],
  );
  const dead = running
    .filter((r) => !liveImports.has(Number(r.id)))
    .filter(
      (r) =>
        db.kind === 'pglite' || r.stale || (r.host === hostname() && r.pid !== null && (r.pid === process.pid || !processAlive(r.pid))),
    )
    .map((r) => Number(r.id));
  for (const id of dead) {
    await db.query(
      `UPDATE import_runs SET status = 'interrupted', finished_at = now(),
              error = 'Import interrompu (processus arrêté)\u00a0: les données précédentes sont intactes\u00a0; relancez-le.'
        WHERE id = $1 AND status = 'running'`,
      [id],
    );
  }
  await dropStaleStages(db);
  return dead.length;
}

/** Sources whose publisher ships Windows-1252 files too: decoded in that encoding when the file is not UTF-8. */
const SINGLE_BYTE_SOURCES: ReadonlySet<Source> = new Set(['personnes-morales', 'loyers']);

/**
 * The source and text encoding of a file. A file that is not UTF-8 is accepted only for a source
 * published in Windows-1252 too; for the others the strict UTF-8 reading says where it fails.
 */
export async function detectFileFormat(
  path: string,
  name: string,
  forced?: Source,
  origin: ImportOrigin = 'cli',
): Promise<{ source: Source; encoding: TextEncoding }> {
  // GeoPackage, zip and shapefile are binary: told by their first bytes, before any text decoding.
  if (!forced || forced === 'plu') {
    const head = await readHead(path, 100);
    const format = pluFormatOf(head, name);
    if (format && format !== 'geojson') return { source: 'plu', encoding: 'utf-8' };
    const companion = /\.(dbf|shx|prj|cpg|qix|sbn|sbx)$/i.exec(name);
    if (companion && (await readHead(`${path.slice(0, -companion[0].length)}.shp`, 4).catch(() => null))) {
      throw new ImportError(
        `«\u00a0${name}\u00a0» accompagne le shapefile «\u00a0${name.slice(0, -companion[0].length)}.shp\u00a0», importé avec lui.`,
      );
    }
  }
  if ((await sniffEncoding(path)) === 'windows-1252') {
    const source = forced ?? detectSource(await peekText(path, name, 64 * 1024, 'windows-1252'), name, origin);
    if (SINGLE_BYTE_SOURCES.has(source)) return { source, encoding: 'windows-1252' };
    await peekText(path, name); // throws the French "not UTF-8" error
  }
  return { source: forced ?? detectSource(await peekText(path, name), name, origin), encoding: 'utf-8' };
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The command line signs its imports `cli:<system user>`; anything else came from the admin page. */
export function importOrigin(startedBy: string): ImportOrigin {
  return startedBy.startsWith('cli:') ? 'cli' : 'admin';
}

/**
 * Records an import that failed before reading its first row (download, unknown or unreadable
 * file), so that the history lists it with its reason. `source` is null when the file was not
 * recognised.
 */
export async function recordFailedRun(
  db: Db,
  run: { source: Source | null; fileName: string; url?: string | null; startedBy: string; error: string; bytesTotal?: number | null },
): Promise<void> {
  await db.query(
    `INSERT INTO import_runs (source, file_name, url, started_by, status, finished_at, duration_ms, bytes_total, error, host, pid)
     VALUES ($1, $2, $3, $4, 'failed', now(), 0, $5, $6, $7, $8)`,
    [run.source, run.fileName, run.url ?? null, run.startedBy, run.bytesTotal ?? null, run.error, hostname(), process.pid],
  );
}

export async function detectFileSource(path: string, name: string): Promise<Source> {
  return (await detectFileFormat(path, name)).source;
}

/**
 * Fault injection for the kill test (`import-kill.test.ts`): with IMMOLOUPE_TEST_HOLD_AT set to
 * `lecture` (after the first staged batch) or `fusion` (inside the merge transaction, before its
 * commit), the import announces it on stderr and waits there until the test kills the process.
 */
async function holdPoint(point: 'lecture' | 'fusion'): Promise<void> {
  if (process.env.IMMOLOUPE_TEST_HOLD_AT !== point) return;
  process.stderr.write(`IMMOLOUPE_HOLD ${point}\n`);
  await new Promise(() => undefined);
}

function message(err: unknown): string {
  if (err instanceof ImportError) return err.message;
  return `Erreur inattendue pendant l’import\u00a0: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * Memory of each sort and hash of a merge. A département-sized file on a PostgreSQL server gets
 * 256 MB: at 64 MB its statistics, sales and map points spilled 320, 160 and 80 MB to disk, and
 * the 1 M-line benchmark's merge took 12 % longer (decision 0850). PGlite keeps 64 MB:
 * its WebAssembly heap is bounded and shared with the server's own memory.
 */
export function mergeWorkMem(kind: Db['kind'], rows: number): string {
  return kind === 'postgres' && rows >= 200_000 ? '256MB' : '64MB';
}

/**
 * Statistics target of the ANALYZEs an import runs (3 000 sampled rows instead of 30 000): they
 * guide the merge's joins, which need row counts and distinct values, not fine histograms. At the
 * default 100, the ANALYZEs of `dvf_lines` and `dvf_sales` were a tenth of a 51 500-line import
 * (PostgreSQL 335 → 34 ms, PGlite 467 → 49 ms); 10 was PostgreSQL's default until 8.4. A
 * PostgreSQL server's autovacuum analyses the changed tables again at its own target after the
 * commit (decision 0850).
 */
export const MERGE_STATISTICS_TARGET = 10;

/** One import, recorded in `import_runs` and counted in the metrics (duration, rows kept and rejected). */
export async function runImport(db: Db, options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  try {
    const report = await importFile(db, options);
    observeImport(report);
    return report;
  } catch (err) {
    // Refused before any row (download, unknown file) or broken by an unexpected error.
    observeImport({
      source: options.source ?? 'unknown',
      status: 'failed',
      durationMs: Date.now() - started,
      rowsKept: 0,
      rowsRejected: 0,
    });
    throw err;
  }
}

async function importFile(db: Db, options: ImportOptions): Promise<ImportReport> {
  const name = options.name ?? basename(options.path);
  // Detection reads only the first kilobytes: a wrong file is refused before any staging, and
  // recorded as a failed run so that the history says why.
  let opened: { source: Source; input: Awaited<ReturnType<typeof openInput>> };
  try {
    const { source, encoding } = await detectFileFormat(options.path, name, options.source, importOrigin(options.startedBy));
    opened = { source, input: await openInput(options.path, name, encoding) };
  } catch (err) {
    await recordFailedRun(db, {
      source: options.source ?? null,
      fileName: name,
      url: options.url ?? null,
      startedBy: options.startedBy,
      error: message(err),
    }).catch(() => undefined);
    throw err;
  }
  const { source, input } = opened;
  const importer = IMPORTERS[source];
  const bounds = options.bounds ?? DEFAULT_BOUNDS;
  await markInterruptedRuns(db);

  const started = Date.now();
  const [run] = await db.query<{ id: number }>(
    `INSERT INTO import_runs (source, file_name, url, started_by, bytes_total, host, pid) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [source, name, options.url ?? null, options.startedBy, input.stats.bytesTotal, hostname(), process.pid],
  );
  const runId = Number(run?.id);
  const rejects: { line: number; reason: string }[] = [];
  const progress: ImportProgress = {
    runId,
    source,
    fileName: name,
    phase: 'lecture',
    bytesRead: 0,
    bytesTotal: input.stats.bytesTotal,
    rowsRead: 0,
    rowsKept: 0,
    rowsRejected: 0,
    elapsedMs: 0,
  };
  liveImports.set(runId, progress);
  let lastBeat = Date.now();
  const beat = async (force = false) => {
    progress.bytesRead = input.stats.bytesRead;
    progress.elapsedMs = Date.now() - started;
    options.onProgress?.({ ...progress });
    if (!force && Date.now() - lastBeat < HEARTBEAT_MS) return;
    lastBeat = Date.now();
    await db.query(
      `UPDATE import_runs SET heartbeat_at = now(), bytes_read = $2, rows_read = $3, rows_kept = $4, rows_rejected = $5 WHERE id = $1`,
      [runId, progress.bytesRead, progress.rowsRead, progress.rowsKept, progress.rowsRejected],
    );
  };

  let stage: Stage | undefined;
  try {
    stage = await Stage.create(db, runId, importer.columns);
    const ctx = {
      fileName: name,
      reject(line: number, reason: string) {
        progress.rowsRead++;
        progress.rowsRejected++;
        if (rejects.length < MAX_REJECTS_KEPT) rejects.push({ line, reason });
      },
    };
    let sinceBeat = 0;
    for await (const row of importer.rows(input, ctx)) {
      progress.rowsRead++;
      progress.rowsKept++;
      const sending = stage.add(row);
      if (sending) await sending;
      if (++sinceBeat >= 2_000) {
        sinceBeat = 0;
        await beat();
      }
      if (progress.rowsKept === 1_000) {
        await stage.flush();
        await holdPoint('lecture');
      }
    }
    // The CSV reader reports a chunk's unreadable records before its rows are validated: the list
    // is shown in the order of the file.
    rejects.sort((a, b) => a.line - b.line);
    await stage.flush();
    // Planner statistics of the staged rows: without them the merge's joins can pick nested loops.
    await db.transaction((tx) =>
      tx.exec(
        `SET LOCAL default_statistics_target = ${MERGE_STATISTICS_TARGET};
         ANALYZE ${stage?.table}${importer.analyze ? ` (${importer.analyze.join(', ')})` : ''}`,
      ),
    );
    if (progress.rowsRead === 0) throw new ImportError(`Le fichier « ${name} » ne contient aucune ligne de données.`);
    if (progress.rowsKept === 0) {
      throw new ImportError(
        `Aucune ligne valide dans « ${name} » (${progress.rowsRejected} rejetées, première raison\u00a0: ${rejects[0]?.reason ?? 'inconnue'}).`,
      );
    }
    progress.phase = 'fusion';
    await beat(true);
    const table = stage.table;
    const result = await db.transaction(async (tx) => {
      // Set-based merges sort and hash whole files: give them memory (PGlite's default is 4 MB).
      // The merge's ANALYZEs sample at MERGE_STATISTICS_TARGET.
      // No JIT: the planner's row estimates of these statements (a temporary table of communes,
      // VALUES lists) exceed its cost thresholds, and compiling took ≈ 2 s of a 51 500-line DVF
      // merge on PostgreSQL for queries that run in a fraction of that (docs/decisions/0850).
      await tx.exec(
        `SET LOCAL work_mem = '${mergeWorkMem(db.kind, progress.rowsKept)}'; SET LOCAL jit = off; SET LOCAL default_statistics_target = ${MERGE_STATISTICS_TARGET}`,
      );
      const merged = await importer.merge(tx, table, { runId, fileName: name, bounds });
      // What features derive from this source, registered with the pipeline (refresh.ts).
      for (const refresh of refreshesOf(source)) {
        const figures = await refresh.run(tx, { source, runId, stage: table });
        if (figures) for (const [k, v] of Object.entries(figures)) merged.summary[`${refresh.name}.${k}`] = v;
      }
      await holdPoint('fusion');
      await tx.query(
        `UPDATE import_runs SET status = 'succeeded', vintage = $2, finished_at = now(), heartbeat_at = now(),
                duration_ms = $3, bytes_read = bytes_total, rows_read = $4, rows_kept = $5, rows_rejected = $6,
                rejects = $7::jsonb, summary = $8::jsonb, file_sha256 = $9
          WHERE id = $1`,
        [
          runId,
          merged.vintage,
          Date.now() - started,
          progress.rowsRead,
          progress.rowsKept,
          progress.rowsRejected,
          JSON.stringify(rejects),
          JSON.stringify(merged.summary),
          input.sha256(),
        ],
      );
      return merged;
    });
    return {
      runId,
      source,
      fileName: name,
      status: 'succeeded',
      vintage: result.vintage,
      rowsRead: progress.rowsRead,
      rowsKept: progress.rowsKept,
      rowsRejected: progress.rowsRejected,
      rejects,
      summary: result.summary,
      durationMs: Date.now() - started,
      error: null,
    };
  } catch (err) {
    const msg = message(err);
    rejects.sort((a, b) => a.line - b.line);
    await db
      .query(
        `UPDATE import_runs SET status = 'failed', error = $2, finished_at = now(), duration_ms = $3,
                rows_read = $4, rows_kept = $5, rows_rejected = $6, rejects = $7::jsonb
          WHERE id = $1`,
        [runId, msg, Date.now() - started, progress.rowsRead, progress.rowsKept, progress.rowsRejected, JSON.stringify(rejects)],
      )
      .catch(() => undefined);
    if (!(err instanceof ImportError)) throw err;
    return {
      runId,
      source,
      fileName: name,
      status: 'failed',
      vintage: null,
      rowsRead: progress.rowsRead,
      rowsKept: progress.rowsKept,
      rowsRejected: progress.rowsRejected,
      rejects,
      summary: {},
      durationMs: Date.now() - started,
      error: msg,
    };
  } finally {
    liveImports.delete(runId);
    await stage?.drop().catch(() => undefined);
  }
}

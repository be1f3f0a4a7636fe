/** Reading the provenance records: the admin list of import runs and the public data freshness. */
import { FRESHNESS_FILES, type Freshness, type ImportRun } from '@immoloupe/shared/opendata/contracts';
import type { Queryable } from '../../db/client.js';
import { liveImports } from '../../importers/run.js';

interface RunRow {
  id: number;
  source: ImportRun['source'];
  file_name: string;
  url: string | null;
  vintage: string | null;
  status: ImportRun['status'];
  started_by: string;
  started_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  bytes_total: number | null;
  bytes_read: number;
  rows_read: number;
  rows_kept: number;
  rows_rejected: number;
  rejects: ImportRun['rejects'];
  summary: ImportRun['summary'];
  error: string | null;
}

export async function listImportRuns(db: Queryable, limit = 50): Promise<ImportRun[]> {
  const rows = await db.query<RunRow>(
    `SELECT id, source, file_name, url, vintage, status, started_by, started_at, finished_at, duration_ms, bytes_total, bytes_read,
            rows_read, rows_kept, rows_rejected, rejects, summary, error
       FROM import_runs ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => {
    const live = r.status === 'running' ? liveImports.get(Number(r.id)) : undefined;
    return {
      id: Number(r.id),
      source: r.source,
      fileName: r.file_name,
      url: r.url,
      vintage: r.vintage,
      status: r.status,
      startedBy: r.started_by,
      startedAt: new Date(r.started_at).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
      durationMs: r.duration_ms,
      bytesTotal: r.bytes_total,
      bytesRead: live?.bytesRead ?? r.bytes_read,
      rowsRead: live?.rowsRead ?? r.rows_read,
      rowsKept: live?.rowsKept ?? r.rows_kept,
      rowsRejected: live?.rowsRejected ?? r.rows_rejected,
      rejects: r.rejects ?? [],
      summary: r.summary ?? {},
      error: r.error,
      phase: r.status === 'running' ? (live?.phase ?? 'lecture') : null,
    };
  });
}

/**
 * Latest DVF mutation date and, per source, when its last successful import finished, with each
 * file's last successful import (newest first, FRESHNESS_FILES of them) and how many files in all.
 */
export async function dataFreshness(db: Queryable): Promise<Freshness> {
  const [dvf] = await db.query<{ latest: string | null }>(`SELECT max(date_mutation)::text AS latest FROM dvf_mutations`);
  type Source = Freshness['sources'][number]['source'];
  const files = await db.query<{
    source: Source;
    file_name: string;
    finished_at: Date;
    vintage: string | null;
    rows_kept: number;
    files: number;
  }>(
    `SELECT source, file_name, finished_at, vintage, rows_kept, files FROM (
       SELECT f.*, count(*) OVER (PARTITION BY source)::int AS files,
              row_number() OVER (PARTITION BY source ORDER BY finished_at DESC, id DESC) AS n
         FROM (SELECT DISTINCT ON (source, file_name) id, source, file_name, finished_at, vintage, rows_kept FROM import_runs
                WHERE status = 'succeeded' ORDER BY source, file_name, finished_at DESC, id DESC) f) ranked
      WHERE n <= $1 ORDER BY source, finished_at DESC, n`,
    [FRESHNESS_FILES],
  );
  const sources: Freshness['sources'] = [];
  for (const f of files) {
    const file = { fileName: f.file_name, importedAt: new Date(f.finished_at).toISOString(), vintage: f.vintage, rows: f.rows_kept };
    const last = sources.at(-1);
    if (last?.source === f.source) last.files.push(file);
    // The newest file comes first: it gives the source's date and vintage.
    else sources.push({ source: f.source, importedAt: file.importedAt, vintage: f.vintage, files: [file], fileCount: f.files });
  }
  return { dvfLatestMutation: dvf?.latest ?? null, sources };
}

/**
 * The merge shared by the risks and permits importers: the staged rows (already one per key) into
 * a table keyed by some columns. A row that did not change is not written again, so a re-import
 * changes nothing, not even the run that wrote it; `scope` deletes the table's rows of the file's
 * territory that the file no longer lists (a commune's risks, an ICPE site closed since).
 */
import type { Queryable } from '../db/client.js';

export interface KeyedMerge {
  table: string;
  /** A query of the staged rows, one per key, with the table's column names. */
  source: string;
  keys: readonly string[];
  columns: readonly string[];
  runId: number;
  /** A condition on the table's rows (alias `t`) that the file covers: those it does not list are deleted. */
  scope?: string;
}

export async function mergeKeyed(tx: Queryable, m: KeyedMerge): Promise<{ inserted: number; updated: number; deleted: number }> {
  const all = [...m.keys, ...m.columns];
  let deleted = 0;
  if (m.scope) {
    const [d] = await tx.query<{ n: number }>(
      `WITH d AS (
         DELETE FROM ${m.table} t WHERE (${m.scope})
            AND NOT EXISTS (SELECT 1 FROM (${m.source}) s WHERE ${m.keys.map((k) => `s.${k} = t.${k}`).join(' AND ')})
         RETURNING 1)
       SELECT count(*)::int AS n FROM d`,
    );
    deleted = d?.n ?? 0;
  }
  const [counts] = await tx.query<{ inserted: number; updated: number }>(
    `WITH w AS (
       INSERT INTO ${m.table} AS t (${all.join(', ')}, import_run_id)
       SELECT ${all.join(', ')}, $1 FROM (${m.source}) s
       ON CONFLICT (${m.keys.join(', ')}) DO UPDATE SET ${m.columns.map((c) => `${c} = excluded.${c}`).join(', ')},
          import_run_id = excluded.import_run_id
       WHERE (${m.columns.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${m.columns.map((c) => `excluded.${c}`).join(', ')})
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM w`,
    [m.runId],
  );
  return { inserted: counts?.inserted ?? 0, updated: counts?.updated ?? 0, deleted };
}

/**
 * Bulk merges: when a file brings at least as many rows as a table already holds (a first load, a
 * département at once), the table's secondary indexes are dropped before the merge's inserts and
 * built once after, in the same transaction. A crash or an error rolls the drop back with the
 * rest, so the previous data and indexes stay intact. Small files (a commune, a monthly update)
 * keep the ordinary path: rebuilding a big table's indexes for them would cost more.
 * See docs/decisions/0850-bulk-import-path.md.
 */
import type { Queryable } from '../db/client.js';

/** Incoming rows / rows already there from which the indexes are rebuilt rather than maintained. */
export const BULK_RATIO = 1;

export interface IndexDef {
  name: string;
  definition: string;
}

/** Rows of a table as the planner knows them (no full count on a table of millions). */
export async function estimatedRows(tx: Queryable, table: string): Promise<number> {
  const [r] = await tx.query<{ n: number }>(`SELECT greatest(c.reltuples, 0)::bigint AS n FROM pg_class c WHERE c.oid = to_regclass($1)`, [
    table,
  ]);
  return Number(r?.n ?? 0);
}

/**
 * Secondary indexes of the tables worth building once: not the primary keys or unique indexes
 * (the merge relies on them), and GiST ones only when every key is a point (`point_ops`, built
 * by sorting since PostgreSQL 14: ≈ 5 µs a row instead of ≈ 16 µs maintained row by row,
 * docs/decisions/0850). Other GiST opclasses (boxes, cubes) have no sorted build: rebuilding
 * them would redo the rows already stored.
 */
export async function secondaryIndexes(tx: Queryable, tables: readonly string[]): Promise<IndexDef[]> {
  const rows = await tx.query<{ name: string; definition: string }>(
    `SELECT ci.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x
       JOIN pg_class ci ON ci.oid = x.indexrelid
       JOIN pg_class ct ON ct.oid = x.indrelid
       JOIN pg_am am ON am.oid = ci.relam
      WHERE ct.relnamespace = current_schema()::regnamespace AND ct.relname = ANY($1::text[])
        AND NOT x.indisunique AND NOT x.indisprimary
        AND (am.amname <> 'gist' OR NOT EXISTS (
              SELECT 1 FROM unnest(x.indclass::oid[]) AS k(opclass) JOIN pg_opclass o ON o.oid = k.opclass WHERE o.opcname <> 'point_ops'))
      ORDER BY ct.relname, ci.relname`,
    [tables],
  );
  return rows;
}

/**
 * Runs `load` with the secondary indexes of `tables` dropped when `bulk` is true, and builds them
 * again after it (each index once, over the whole table), inside the caller's transaction.
 */
export async function withIndexesDeferred<T>(tx: Queryable, tables: readonly string[], bulk: boolean, load: () => Promise<T>): Promise<T> {
  if (!bulk) return load();
  // An empty table truncated here gets a new file: where WAL is minimal (PGlite, or a server set
  // so for a first load) the rows and index builds that follow skip the log.
  const empty: string[] = [];
  for (const t of tables) if ((await tx.query(`SELECT 1 FROM ${t} LIMIT 1`)).length === 0) empty.push(t);
  if (empty.length > 0) await tx.exec(`TRUNCATE ${empty.join(', ')}`);
  const indexes = await secondaryIndexes(tx, tables);
  for (const i of indexes) await tx.exec(`DROP INDEX ${i.name}`);
  const result = await load();
  // One sort per index instead of one descent per row; PGlite's default is 16 MB.
  await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const i of indexes) await tx.exec(i.definition);
  return result;
}

/**
 * Staging: an import first loads its rows into a table of its own (`import_stage_<run>`) with COPY,
 * in batches and outside any transaction, so that the site keeps answering while a big file is
 * read; the data tables change only in the final merge transaction. A killed import leaves only its
 * staging table behind, dropped by the next import. Unlogged: no write-ahead log for rows that a
 * crash throws away anyway (PostgreSQL empties such a table after a crash).
 */
import type { Db, Queryable } from '../db/client.js';

export type Column = readonly [name: string, sqlType: string];
export type StageValue = string | number | boolean | null | undefined | readonly string[] | Record<string, unknown>;

const BATCH_ROWS = 20_000;
/** Bytes of one batch. A row is written only where 3 bytes per UTF-16 unit fit (UTF-8's worst case). */
const BATCH_BYTES = 8 * 1024 * 1024;

export function stageTableName(runId: number): string {
  return `import_stage_${runId}`;
}

/** Characters that force quoting in COPY's CSV format; a plain non-empty value is written as is. */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(v: StageValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  let s: string;
  if (Array.isArray(v)) s = `{${v.map((x) => `"${String(x).replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`;
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = v as string;
  // Quoted when empty (an empty quoted string stays an empty string, not NULL) or when it must be;
  // `\.` alone is COPY's end-of-data mark, quoted too.
  if (s !== '' && s !== '\\.' && !NEEDS_QUOTES.test(s)) return s;
  return `"${s.replace(/"/g, '""')}"`;
}

export class Stage {
  /**
   * The batch being filled, as the UTF-8 bytes COPY receives: each row is encoded into it as soon
   * as it is formatted. Holding 20 000 row strings until a batch left, then joining them and
   * encoding the join, kept them alive past the young generation: on a département's million
   * lines, garbage collection took more time than reading (decision 0850).
   */
  private bytes = Buffer.allocUnsafeSlow(BATCH_BYTES);
  private used = 0;
  private batchRows = 0;
  private inflight: Promise<unknown> | null = null;
  rows = 0;

  constructor(
    private readonly db: Db,
    readonly table: string,
    readonly columns: readonly Column[],
  ) {}

  static async create(db: Db, runId: number, columns: readonly Column[]): Promise<Stage> {
    const table = stageTableName(runId);
    await db.exec(`DROP TABLE IF EXISTS ${table}; CREATE UNLOGGED TABLE ${table} (${columns.map(([n, t]) => `${n} ${t}`).join(', ')})`);
    return new Stage(db, table, columns);
  }

  /**
   * Buffers one row; returns a promise only when a batch is sent, to be awaited before the next
   * row. Not async: a promise and an await per row were a tenth of the reading time.
   */
  add(values: readonly StageValue[]): Promise<void> | undefined {
    let line = '';
    for (let i = 0; i < values.length; i++) line += i === 0 ? csvField(values[i]) : `,${csvField(values[i])}`;
    line += '\n';
    let sending: Promise<void> | undefined;
    if (this.used + 3 * line.length > this.bytes.length) {
      // A batch that cannot take this row leaves first; a row bigger than a batch gets a buffer of its own.
      if (this.batchRows > 0) sending = this.send();
      if (3 * line.length > this.bytes.length) this.bytes = Buffer.allocUnsafeSlow(3 * line.length);
    }
    this.used += this.bytes.write(line, this.used, 'utf8');
    this.batchRows++;
    this.rows++;
    if (sending) return sending;
    return this.batchRows >= BATCH_ROWS ? this.send() : undefined;
  }

  /**
   * Starts the COPY of the buffered rows and returns once the previous one is done: the file's
   * next batch is read and validated while the database loads this one (PostgreSQL works in its
   * own process). At most two batches are held in memory.
   */
  private send(): Promise<void> {
    const previous = this.inflight;
    this.inflight = null;
    if (this.batchRows > 0) {
      const payload = this.bytes.subarray(0, this.used);
      // The next batch gets a buffer of its own: this one is the COPY's until it completes.
      this.bytes = Buffer.allocUnsafeSlow(BATCH_BYTES);
      this.used = 0;
      this.batchRows = 0;
      const start = previous ?? Promise.resolve();
      const copy = start.then(() =>
        this.db.copyCsv(
          this.table,
          this.columns.map(([n]) => n),
          payload,
        ),
      );
      // Its failure is raised by the next send() or flush(); not an unhandled rejection meanwhile.
      copy.catch(() => undefined);
      this.inflight = copy;
    }
    return previous ? previous.then(() => undefined) : Promise.resolve();
  }

  /** Loads every buffered row; resolves once they are all in the staging table. */
  async flush(): Promise<void> {
    await this.send();
    const last = this.inflight;
    this.inflight = null;
    if (last) await last;
  }

  async drop(): Promise<void> {
    await this.db.exec(`DROP TABLE IF EXISTS ${this.table}`);
  }
}

/**
 * Keeps only the last staged row of each `key` (a file that repeats an id: its last line wins).
 * Grouped rather than a self-join on the key, which is quadratic in the repeats of one id.
 */
export function dropStagedDuplicatesSql(stage: string, key: string): string {
  return `DELETE FROM ${stage} s
            USING (SELECT ${key} AS k, max(source_line) AS last FROM ${stage} GROUP BY ${key} HAVING count(*) > 1) d
           WHERE s.${key} = d.k AND s.source_line < d.last`;
}

/** Drops the staging tables of imports that are no longer running (killed processes). */
export async function dropStaleStages(db: Queryable): Promise<void> {
  const tables = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables
      WHERE schemaname = current_schema() AND tablename LIKE 'import\\_stage\\_%'
        AND NOT EXISTS (SELECT 1 FROM import_runs r WHERE r.status = 'running' AND 'import_stage_' || r.id = tablename)`,
  );
  for (const { tablename } of tables) await db.exec(`DROP TABLE IF EXISTS ${tablename}`);
}

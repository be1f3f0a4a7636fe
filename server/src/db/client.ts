/**
 * The database: one PostgreSQL dialect, two engines. PGlite (PostgreSQL in WebAssembly, a data
 * folder, zero set-up) by default; a PostgreSQL server through `pg` when DATABASE_URL is set.
 * Both return rows with the same JavaScript types (see `parsers`), so queries and the code that
 * reads them do not care which engine runs.
 */
import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ClientGone, checkScope, currentScope, QueryTimeout, type RequestScope } from './request-scope.js';

export type Row = Record<string, unknown>;

/** What a query runs on: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements separated by `;`, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk load with COPY … FROM in CSV format (header-less). `csv` is the whole payload or a
   * stream of chunks. Returns the number of rows loaded.
   */
  copyCsv(table: string, columns: readonly string[], csv: string | Uint8Array | AsyncIterable<string | Uint8Array>): Promise<number>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** What the metrics read at each scrape (`metrics/registry.ts`). */
  stats(): DbStats;
  /** PGlite only: the whole data folder as a gzipped tarball (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DbStats {
  engine: Db['kind'];
  /** Queries, COPYs and transactions running now (PGlite runs one at a time: the others wait). */
  inFlight: number;
  /** PostgreSQL: the pool's connections open and idle, and the queries waiting for one. */
  pool?: { total: number; idle: number; waiting: number };
}

/** Counts what runs, around each call of a queryable. */
function counted(q: Queryable, busy: { n: number }): Queryable {
  const around =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      busy.n++;
      try {
        return await fn(...args);
      } finally {
        busy.n--;
      }
    };
  return {
    query: around(q.query.bind(q)) as Queryable['query'],
    exec: around(q.exec.bind(q)),
    copyCsv: around(q.copyCsv.bind(q)),
  };
}

// Same JavaScript types on both engines: counts as numbers, numerics as numbers,
// dates as `YYYY-MM-DD` strings (a date has no time zone), timestamps as Date.
const OID = { int8: 20, numeric: 1700, date: 1082 } as const;
const parsers = {
  [OID.int8]: (v: string) => Number(v),
  [OID.numeric]: (v: string) => Number(v),
  [OID.date]: (v: string) => v,
};

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, cube, earthdistance, btree_gist };

function copySql(table: string, columns: readonly string[], source: string): string {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  return `COPY ${table} (${cols}) FROM ${source} WITH (FORMAT csv)`;
}

async function collect(csv: string | Uint8Array | AsyncIterable<string | Uint8Array>): Promise<Blob> {
  if (typeof csv === 'string' || csv instanceof Uint8Array) return new Blob([csv as Uint8Array<ArrayBuffer>]);
  const parts: (string | Uint8Array)[] = [];
  for await (const chunk of csv) parts.push(chunk);
  // Typed for whichever Blob the program sees (Node's, or the DOM's once a dependency pulls it in).
  return new Blob(parts as unknown as ConstructorParameters<typeof Blob>[0]);
}

type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

function pgliteQueryable(q: PGlite | PgliteTx): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // PGlite cannot interrupt a statement: a request's next one does not start once it is late.
      checkScope(currentScope(), 'pglite');
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      checkScope(currentScope(), 'pglite');
      await q.exec(sql);
    },
    async copyCsv(table, columns, csv) {
      // PGlite reads COPY input from a virtual file, not from a stream.
      const blob = await collect(csv);
      const res = await q.query(copySql(table, columns, "'/dev/blob'"), [], { blob });
      return res.affectedRows ?? 0;
    },
  };
}

/**
 * The embedded database has no replica and no WAL archive, so it runs with the least WAL: rows
 * written to a table created or truncated in the same transaction — a first load, through the
 * importers' bulk path — skip the log (decision 0850). Crash safety is the same: such
 * a table is written out at commit instead.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'];
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    parsers,
    startParams: PGLITE_START,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const busy = { n: 0 };
  return {
    kind: 'pglite',
    ...counted(pgliteQueryable(db), busy),
    // A transaction counts once, as one unit of work on the single connection.
    transaction: async (fn) => {
      busy.n++;
      try {
        return await db.transaction((tx) => fn(pgliteQueryable(tx)));
      } finally {
        busy.n--;
      }
    },
    stats: () => ({ engine: 'pglite', inFlight: busy.n }),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('gzip'),
  };
}

function pgQueryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await client.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    async copyCsv(table, columns, csv) {
      const own = 'release' in client ? null : await (client as pg.Pool).connect();
      const conn = (own ?? client) as pg.PoolClient;
      try {
        const stream = conn.query(copyFrom(copySql(table, columns, 'STDIN')));
        await pipeline(typeof csv === 'string' || csv instanceof Uint8Array ? Readable.from([csv]) : Readable.from(csv), stream);
        return Number(stream.rowCount ?? 0);
      } finally {
        own?.release();
      }
    },
  };
}

/** A statement cancelled by the server (57014): by its time limit, or by us when its client left. */
function cancelled(err: unknown, scope: RequestScope): unknown {
  if ((err as { code?: string })?.code !== '57014') return err;
  return scope.signal.aborted ? new ClientGone() : new QueryTimeout();
}

/**
 * Runs `fn` on a connection of the request pool (its `statement_timeout` set), cancelling its
 * statement from another connection as soon as the request's client goes away.
 */
async function onRequestConnection<T>(
  pools: { main: pg.Pool; forRequests: (timeoutMs: number) => pg.Pool },
  scope: RequestScope,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  checkScope(scope, 'postgres');
  const client = await pools.forRequests(scope.timeoutMs).connect();
  const pid = (client as unknown as { processID: number }).processID;
  const cancel = () => void pools.main.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
  scope.signal.addEventListener('abort', cancel, { once: true });
  try {
    return await fn(client);
  } catch (err) {
    throw cancelled(err, scope);
  } finally {
    scope.signal.removeEventListener('abort', cancel);
    client.release();
  }
}

/** The pool's queryable, with the queries of a request (request-scope.ts) bounded and cancellable. */
function scopedPgQueryable(pools: { main: pg.Pool; forRequests: (timeoutMs: number) => pg.Pool }): Queryable {
  const plain = pgQueryable(pools.main);
  return {
    query<T>(sql: string, params?: readonly unknown[]) {
      const scope = currentScope();
      if (!scope) return plain.query<T>(sql, params);
      return onRequestConnection(pools, scope, (client) => pgQueryable(client).query<T>(sql, params));
    },
    exec(sql: string) {
      const scope = currentScope();
      if (!scope) return plain.exec(sql);
      return onRequestConnection(pools, scope, (client) => pgQueryable(client).exec(sql));
    },
    // Bulk loads are imports: background work, never bounded by a request.
    copyCsv: plain.copyCsv,
  };
}

export async function openPostgres(url: string, options: { max?: number; onIdleError?: (err: Error) => void } = {}): Promise<Db> {
  const poolConfig = {
    connectionString: url,
    max: options.max ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: string) => {
        const own = parsers[oid as keyof typeof parsers];
        return own ?? pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  };
  const pool = new pg.Pool(poolConfig);
  // Requests' queries run on connections of their own, whose statement_timeout is set once at
  // connection: background work (imports, jobs) on `pool` is never bounded by it.
  const requestPools = new Map<number, pg.Pool>();
  const forRequests = (timeoutMs: number) => {
    let p = requestPools.get(timeoutMs);
    if (!p) {
      p = new pg.Pool({ ...poolConfig, statement_timeout: timeoutMs });
      p.on('error', (err) => options.onIdleError?.(err));
      requestPools.set(timeoutMs, p);
    }
    return p;
  };
  const pools = { main: pool, forRequests };
  // An idle pooled connection can be closed by the server (restart, failover, administrator):
  // without a listener, pg re-throws that as an uncaught error and the whole process dies. The
  // pool drops the client and opens a new one on the next query.
  pool.on('error', (err) => options.onIdleError?.(err));
  // Fail at boot, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const busy = { n: 0 };
  return {
    kind: 'postgres',
    ...counted(scopedPgQueryable(pools), busy),
    async transaction(fn) {
      busy.n++;
      const scope = currentScope();
      const run = async (client: pg.PoolClient) => {
        try {
          await client.query('BEGIN');
          const result = await fn(pgQueryable(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      };
      try {
        if (scope) return await onRequestConnection(pools, scope, run);
        const client = await pool.connect();
        try {
          return await run(client);
        } finally {
          client.release();
        }
      } finally {
        busy.n--;
      }
    },
    stats: () => ({
      engine: 'postgres',
      inFlight: busy.n,
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    }),
    close: async () => {
      await Promise.all([pool.end(), ...[...requestPools.values()].map((p) => p.end())]);
    },
  };
}

export async function openDb(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string },
  onIdleError?: (err: Error) => void,
): Promise<Db> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, { onIdleError }) : openPglite(config.DATA_DIR);
}

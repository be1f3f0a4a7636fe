/**
 * A database whose statements are timed (decision 0850), for the import benchmarks.
 * BENCH_SPLIT=1 times each statement of a multi-statement string on its own; BENCH_EXPLAIN=<text>
 * prints `EXPLAIN ANALYZE` of the statements containing that text (they run once, explained).
 */
import type { Db, Queryable } from '../server/src/db/client.ts';

export interface Timing {
  sql: string;
  ms: number;
  /** The table the statement writes (or indexes, or analyses): `tableOf`. */
  table: string;
}

/**
 * The table a statement writes, indexes or analyses, for the cost of each table of an import
 * (`byTable`): temporary work tables of a merge are grouped under « merge work », staging under
 * « staging », reads under « reads ».
 */
export function tableOf(sql: string): string {
  const s = sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const m =
    /\bINSERT INTO (\w+)/i.exec(s) ??
    /^CREATE (?:UNIQUE )?INDEX (?:\w+ )?ON (?:\w+\.)?(\w+)/i.exec(s) ??
    /^(?:ANALYZE|DELETE FROM|UPDATE|TRUNCATE|COPY|ALTER TABLE) (?:\w+\.)?(\w+)/i.exec(s) ??
    /^(?:DROP TABLE IF EXISTS \w+; )?CREATE (?:TEMP |UNLOGGED )?TABLE (\w+)/i.exec(s);
  if (/^DROP INDEX/i.test(s)) return 'index drops';
  const t = m?.[1] ?? 'reads';
  if (t.startsWith('import_stage_')) return 'staging';
  if (/^(dvf|dpe|ban|copro|cadastre)_merge_/.test(t)) return 'merge work';
  if (t.startsWith('dvf_stats_')) return 'dvf_stats_*';
  return t;
}

/** Time per table (`tableOf`), most expensive first. */
export function byTable(log: readonly Timing[]): string[] {
  const totals = new Map<string, number>();
  for (const t of log) totals.set(t.table, (totals.get(t.table) ?? 0) + t.ms);
  return [...totals].sort((a, b) => b[1] - a[1]).map(([table, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${table}`);
}

/** The database with every statement timed (transactions included). */
export function timed(db: Db, log: Timing[]): Db {
  const wrap = <T extends Queryable>(q: T): T =>
    new Proxy(q, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'exec' && process.env.BENCH_SPLIT === '1') {
          // Each statement of a multi-statement string timed on its own (none of the merge's holds a `;` in a literal).
          return async (sql: string) => {
            for (const one of sql
              .split(/;\s*(?:--[^\n]*\s*)*\n/)
              .map((x) => x.trim())
              .filter((x) => x && !/^(--[^\n]*\s*)+$/.test(x))) {
              const t0 = performance.now();
              try {
                if (process.env.BENCH_EXPLAIN && one.includes(process.env.BENCH_EXPLAIN)) {
                  const plan = await (target as Queryable).query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${one}`);
                  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
                } else await (value as (s: string) => Promise<unknown>).call(target, one);
              } finally {
                log.push({
                  table: tableOf(one),
                  sql: one
                    .replace(/--[^\n]*/g, '')
                    .replace(/\s+/g, ' ')
                    .trim()
                    .slice(0, 110),
                  ms: performance.now() - t0,
                });
              }
            }
          };
        }
        if (prop === 'query' || prop === 'exec' || prop === 'copyCsv') {
          return async (...args: unknown[]) => {
            const t0 = performance.now();
            try {
              if (prop === 'query' && process.env.BENCH_EXPLAIN && String(args[0]).includes(process.env.BENCH_EXPLAIN)) {
                const plan = await (target as Queryable).query<{ 'QUERY PLAN': string }>(
                  `EXPLAIN (ANALYZE, COSTS OFF) ${String(args[0])}`,
                  args[1] as unknown[],
                );
                console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
                return [];
              }
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            } finally {
              const sql = prop === 'copyCsv' ? `COPY ${String(args[0])}` : String(args[0]);
              log.push({ sql: sql.replace(/\s+/g, ' ').trim().slice(0, 110), ms: performance.now() - t0, table: tableOf(sql) });
            }
          };
        }
        if (prop === 'transaction') {
          return <R>(fn: (tx: Queryable) => Promise<R>) => (value as Db['transaction']).call(target, (tx) => fn(wrap(tx)));
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return wrap(db);
}

/** Total time of the log, and its statements grouped by text, slowest first. */
export function slowest(log: readonly Timing[], n = 25): { total: number; lines: string[] } {
  const byStatement = new Map<string, Timing>();
  for (const t of log) {
    const prev = byStatement.get(t.sql);
    byStatement.set(t.sql, { ...t, ms: (prev?.ms ?? 0) + t.ms });
  }
  return {
    total: log.reduce((s, t) => s + t.ms, 0),
    lines: [...byStatement.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, n)
      .map((t) => `${t.ms.toFixed(0).padStart(6)} ms  ${t.sql}`),
  };
}

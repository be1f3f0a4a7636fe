/**
 * A database whose statements are timed (decision 0850, amendment 2), for the import benchmarks.
 * BENCH_SPLIT=1 times each statement of a multi-statement string on its own; BENCH_EXPLAIN=<text>
 * prints `EXPLAIN ANALYZE` of the statements containing that text (they run once, explained).
 */
import type { Db, Queryable } from '../server/src/db/client.ts';

export interface Timing {
  sql: string;
  ms: number;
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
              log.push({ sql: sql.replace(/\s+/g, ' ').trim().slice(0, 110), ms: performance.now() - t0 });
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
    byStatement.set(t.sql, { sql: t.sql, ms: (prev?.ms ?? 0) + t.ms });
  }
  return {
    total: log.reduce((s, t) => s + t.ms, 0),
    lines: [...byStatement.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, n)
      .map((t) => `${t.ms.toFixed(0).padStart(6)} ms  ${t.sql}`),
  };
}

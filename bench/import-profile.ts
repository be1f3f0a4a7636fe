/**
 * One import on an empty base with every statement timed (decision 0850, amendment 2):
 *
 *   BENCH_SOURCE=dvf|dvf-raw|dpe|ban|cadastre|copro BENCH_ENGINES=pglite|postgres npm run bench:import-profile -w bench
 *
 * BENCH_SPLIT=1 times each statement of a multi-statement string on its own; BENCH_EXPLAIN=<text>
 * prints `EXPLAIN ANALYZE` of the statements containing that text (they run once, explained).
 */
import { loadavg } from 'node:os';
import type { Db, Queryable } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import type { Source } from '../server/src/importers/importer.ts';
import { runImport } from '../server/src/importers/run.ts';
import { onEachEngine } from './engines.ts';
import { buildInputs, removeInputs } from './import-inputs.ts';

interface Timing {
  sql: string;
  ms: number;
}

/** The database with every statement timed (transactions included). */
function timed(db: Db, log: Timing[]): Db {
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

async function profile(engine: string, db: Db, source: Source, file: string): Promise<void> {
  await migrate(db);
  const log: Timing[] = [];
  const t0 = performance.now();
  const report = await runImport(timed(db, log), { path: file, source, startedBy: 'bench' });
  const total = performance.now() - t0;
  if (report.status !== 'succeeded') throw new Error(`${source}: ${report.error}`);
  const inDb = log.reduce((s, t) => s + t.ms, 0);
  console.log(
    `\n${engine} ${source}: ${report.rowsKept} rows in ${(total / 1000).toFixed(2)} s (${Math.round(report.rowsKept / (total / 1000))} rows/s), ` +
      `database ${(inDb / 1000).toFixed(2)} s, elsewhere ${((total - inDb) / 1000).toFixed(2)} s; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  const byStatement = new Map<string, Timing>();
  for (const t of log) {
    const prev = byStatement.get(t.sql);
    byStatement.set(t.sql, { sql: t.sql, ms: (prev?.ms ?? 0) + t.ms });
  }
  for (const t of [...byStatement.values()].sort((a, b) => b.ms - a.ms).slice(0, 25)) {
    console.log(`${t.ms.toFixed(0).padStart(6)} ms  ${t.sql}`);
  }
}

async function main(): Promise<void> {
  const source = (process.env.BENCH_SOURCE ?? 'dvf') as Source;
  const inputs = buildInputs();
  const file = inputs.find((i) => i.source === source)?.file;
  if (!file) throw new Error(`BENCH_SOURCE: one of ${inputs.map((i) => i.source).join(', ')}`);
  await onEachEngine('immoloupe_profile', (label, db) => profile(label, db, source, file));
  removeInputs();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

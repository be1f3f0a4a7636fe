/**
 * One import on an empty base with every statement timed (decision 0850):
 *
 *   BENCH_SOURCE=dvf|dvf-raw|dpe|ban|cadastre|copro BENCH_ENGINES=pglite|postgres npm run bench:import-profile -w bench
 *
 * BENCH_SPLIT and BENCH_EXPLAIN: see timed-db.ts. BENCH_BY_TABLE=1 prints the time of each table the
 * import writes (its inserts, deletes, index builds and ANALYZE) instead of the slowest statements;
 * with BENCH_SPLIT=1, each statement of a multi-statement string goes to its own table.
 */
import { loadavg } from 'node:os';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { registerImportHooks } from '../server/src/import-hooks.ts';
import type { Source } from '../server/src/importers/importer.ts';
import { runImport } from '../server/src/importers/run.ts';
import { onEachEngine } from './engines.ts';
import { buildInputs, removeInputs } from './import-inputs.ts';
import { byTable, slowest, type Timing, timed } from './timed-db.ts';

// What the features derive from the imports measured, as in production.
registerImportHooks();

async function profile(engine: string, db: Db, source: Source, file: string): Promise<void> {
  await migrate(db);
  const log: Timing[] = [];
  const t0 = performance.now();
  const report = await runImport(timed(db, log), { path: file, source, startedBy: 'bench' });
  const total = performance.now() - t0;
  if (report.status !== 'succeeded') throw new Error(`${source}: ${report.error}`);
  const { total: inDb, lines: statements } = slowest(log);
  const lines = process.env.BENCH_BY_TABLE === '1' ? byTable(log) : statements;
  console.log(
    `\n${engine} ${source}: ${report.rowsKept} rows in ${(total / 1000).toFixed(2)} s (${Math.round(report.rowsKept / (total / 1000))} rows/s), ` +
      `database ${(inDb / 1000).toFixed(2)} s, elsewhere ${((total - inDb) / 1000).toFixed(2)} s; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  for (const l of lines) console.log(l);
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

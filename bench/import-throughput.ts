import { loadavg } from 'node:os';
import path from 'node:path';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { registerImportHooks } from '../server/src/import-hooks.ts';
import type { Source } from '../server/src/importers/importer.ts';
import { openInput } from '../server/src/importers/input.ts';
import { IMPORTERS, runImport } from '../server/src/importers/run.ts';
import { onEachEngine } from './engines.ts';
import { buildInputs, removeInputs } from './import-inputs.ts';

// What the features derive from the imports measured, as in production.
registerImportHooks();

/** The staged rows of a file as CSV (what the importer COPYs), to time a plain COPY of the same rows. */
async function stagedCsv(source: Source, file: string): Promise<{ csv: string; rows: number }> {
  const importer = IMPORTERS[source];
  const input = await openInput(file, path.basename(file));
  const parts: string[] = [];
  let rows = 0;
  const field = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return String(v);
    if (typeof v === 'boolean') return v ? 't' : 'f';
    const s = Array.isArray(v) ? `{${v.map((x) => `"${x}"`).join(',')}}` : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${s.replace(/"/g, '""')}"`;
  };
  for await (const row of importer.rows(input, { fileName: file, reject: () => undefined })) {
    parts.push(`${row.map(field).join(',')}\n`);
    rows++;
  }
  return { csv: parts.join(''), rows };
}

async function bench(engine: string, db: Db, inputs: { source: Source; file: string }[]): Promise<void> {
  await migrate(db);
  // The development machine is shared: the load average says how far the figures are from an idle one.
  console.log(
    `${engine}: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const { source, file } of inputs) {
    const t0 = performance.now();
    const report = await runImport(db, { path: file, source, startedBy: 'bench' });
    const importMs = performance.now() - t0;
    if (report.status !== 'succeeded') throw new Error(`${source}: ${report.error}`);
    const { csv, rows } = await stagedCsv(source, file);
    const cols = IMPORTERS[source].columns;
    // The best of three plain COPYs: one alone moved by a third from one run to the next, and the
    // fastest is the strictest reference for the ratio.
    let copyMs = Number.POSITIVE_INFINITY;
    for (let pass = 0; pass < 3; pass++) {
      await db.exec(`DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (${cols.map(([n, t]) => `${n} ${t}`).join(', ')})`);
      const t1 = performance.now();
      await db.copyCsv(
        'bench_copy',
        cols.map(([n]) => n),
        csv,
      );
      copyMs = Math.min(copyMs, performance.now() - t1);
      await db.exec('DROP TABLE bench_copy');
    }
    const importRate = report.rowsKept / (importMs / 1000);
    const copyRate = rows / (copyMs / 1000);
    console.log(
      [
        engine.padEnd(10),
        source.padEnd(9),
        `${String(report.rowsKept).padStart(7)} rows`,
        `import ${String(Math.round(importRate)).padStart(7)} rows/s (${(importMs / 1000).toFixed(2)} s)`,
        `COPY ${String(Math.round(copyRate)).padStart(8)} rows/s`,
        `ratio ${(importRate / copyRate).toFixed(3)}`,
      ].join(' | '),
    );
  }
}

async function main(): Promise<void> {
  const inputs = buildInputs();
  console.log(
    'engine     | source    | rows         | importer (read + validate + stage + merge + stats) | plain COPY of the staged rows | ratio',
  );
  await onEachEngine('immoloupe_bench', (label, db) => bench(label, db, inputs));
  removeInputs();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Import throughput of each importer, in rows per second, on PGlite and on PostgreSQL, next to a
 * plain COPY of the same rows into a table of the same columns (the ceiling: no parsing, no
 * validation, no merge). The samples of ../shared/data are multiplied (ids made unique) to reach
 * tens of thousands of rows.
 *
 *   node --import tsx --import ./server/src/importers/child-register.mjs bench/import-throughput.ts
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch
 * database is created and dropped). Set BENCH_ENGINES=pglite to skip it.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import type { Source } from '../server/src/importers/importer.ts';
import { openInput } from '../server/src/importers/input.ts';
import { IMPORTERS, runImport } from '../server/src/importers/run.ts';
import { SAMPLES } from '../server/src/importers/test-samples.ts';
import { onEachEngine } from './engines.ts';

const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-import-'));

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
}

/** Writes `times` copies of a CSV sample, each data row passed through `alter(row, copy)`. */
function multiply(file: string, name: string, times: number, alter: (row: string, copy: number) => string): string {
  const [header, ...rows] = lines(file);
  const out = [header as string];
  for (let k = 0; k < times; k++) for (const r of rows) out.push(alter(r, k));
  const dest = path.join(work, name);
  writeFileSync(dest, `${out.join('\n')}\n`);
  return dest;
}

function buildInputs(): { source: Source; file: string }[] {
  // Cadastre: the four Bondy vintages and Paris 18e are distinct parcels only across communes,
  // so the 2025 Bondy file and Paris 18e (≈ 14 000 parcels) are concatenated as one collection.
  const bondy = JSON.parse(gunzipSync(readFileSync(SAMPLES.cadastreBondy(2025))).toString('utf8')) as { features: unknown[] };
  const paris = JSON.parse(readFileSync(SAMPLES.cadastreParis18, 'utf8')) as { features: unknown[] };
  const cadastre = path.join(work, 'cadastre-bench.json');
  writeFileSync(
    cadastre,
    `{"type":"FeatureCollection","features":[\n${[...bondy.features, ...paris.features].map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`,
  );
  return [
    { source: 'cadastre', file: cadastre },
    // BAN: the Bondy addresses under 12 distinct ids (one commune replaced as a whole).
    { source: 'ban', file: multiply(SAMPLES.banBondy, 'ban-bench.csv', 12, (r, k) => r.replace(/^93010_/, `93010_${k}x`)) },
    // Raw DVF: each copy a cent dearer, so that the copies are distinct mutations.
    {
      source: 'dvf-raw',
      file: multiply(SAMPLES.dvfRawBondy, 'dvf-raw-bench.txt', 25, (r, k) =>
        r.replace(/^((?:[^|]*\|){10})(\d+),(\d+)\|/, (_m, h, e) => `${h}${e},${String(k).padStart(2, '0')}|`),
      ),
    },
    { source: 'dvf', file: multiply(SAMPLES.dvfHendaye, 'dvf-bench.csv', 20, (r, k) => r.replace(/^(\d{4})-(\d+)/, `$1-${k}$2`)) },
    {
      source: 'dpe',
      file: multiply(SAMPLES.dpeExistant, 'dpe-bench.csv', 40, (r, k) => r.replace(/^"?([0-9A-Z]+)/, (_m, id) => `"${id}${k}`)),
    },
    {
      source: 'copro',
      file: multiply(SAMPLES.rnicBondy, 'rnic-bench.csv', 400, (r, k) =>
        r.replace(
          /"AA(\d{7})"/,
          (_m, n) => `"A${String.fromCharCode(65 + (k % 26))}${String((Number(n) + k * 7919) % 1e7).padStart(7, '0')}"`,
        ),
      ),
    },
  ];
}

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
    await db.exec(`DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (${cols.map(([n, t]) => `${n} ${t}`).join(', ')})`);
    const t1 = performance.now();
    await db.copyCsv(
      'bench_copy',
      cols.map(([n]) => n),
      csv,
    );
    const copyMs = performance.now() - t1;
    await db.exec('DROP TABLE bench_copy');
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
  rmSync(work, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

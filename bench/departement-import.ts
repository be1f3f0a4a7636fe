/**
 * A whole département of DVF in one import (issue 11, §3): a synthetic geo-DVF file of N lines
 * (default 1 000 000) made of the Hendaye sample multiplied — each copy a distinct set of mutations
 * in one of 100 synthetic communes of département 64, moved on a grid so that they do not overlap —
 * written to a temporary file as a stream, then imported by the ordinary importer. Prints the
 * elapsed time of each phase, the rows per second, and the peak resident memory of the process
 * (the file is never held in memory: reading is streamed and staged in batches).
 *
 *   npm run bench:departement -w bench -- [lines=1000000]
 *   BENCH_BY_YEAR=1 npm run bench:departement -w bench   (one file per year, imported in turn, as a
 *   yearly release of the whole country is: each year's time printed)
 *
 * BENCH_ENGINES=postgres (default) or pglite or both; PostgreSQL from BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created and dropped), PGlite
 * in a temporary data directory, as the server runs it.
 */

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../server/src/db/migrate.ts';
import { registerImportHooks } from '../server/src/import-hooks.ts';
import { runImport } from '../server/src/importers/run.ts';
import { SAMPLES } from '../server/src/importers/test-samples.ts';
import { onEachEngine } from './engines.ts';
import { slowest, type Timing, timed } from './timed-db.ts';

// What the features derive from the imports measured, as in production.
registerImportHooks();

const LINES = Number(process.argv[2] ?? 1_000_000);
const BY_YEAR = process.env.BENCH_BY_YEAR === '1';
/** BENCH_PROFILE=1: the slowest statements of each file (with BENCH_SPLIT, BENCH_EXPLAIN: timed-db.ts). */
const PROFILE = process.env.BENCH_PROFILE === '1';
const COMMUNES = 100;
process.env.BENCH_ENGINES ??= 'postgres';

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
sampler.unref();

const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)} Mio`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Writes the synthetic département, line by line, waiting for the disk when its buffer is full:
 * one file, or with BENCH_BY_YEAR one file per year (`<file>-<year>.csv`). Returns the files.
 */
async function writeDepartement(file: string): Promise<{ lines: number; files: string[] }> {
  const [header, ...rows] = readFileSync(SAMPLES.dvfHendaye, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const columns = (header as string).split(',');
  const at = (name: string) => columns.indexOf(name);
  const [iId, iCommune, iParcelle, iLon, iLat] = ['id_mutation', 'code_commune', 'id_parcelle', 'longitude', 'latitude'].map(at) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const parsed = rows.map((r) => r.split(','));
  const years = [...new Set(parsed.map((f) => (f[1] as string).slice(0, 4)))].sort();
  const outs = new Map(years.map((y) => [y, createWriteStream(BY_YEAR ? file.replace(/\.csv$/, `-${y}.csv`) : file)]));
  const outOf = (year: string) => (BY_YEAR ? outs.get(year) : outs.get(years[0] as string)) as ReturnType<typeof createWriteStream>;
  for (const [y, out] of outs) if (BY_YEAR || y === years[0]) out.write(`${header}\n`);
  let written = 0;
  for (let copy = 0; written < LINES; copy++) {
    const c = copy % COMMUNES;
    const code = `64${String(c + 1).padStart(3, '0')}`;
    const dLon = (c % 10) * 0.08;
    const dLat = Math.floor(c / 10) * 0.06;
    const chunks = new Map<string, string>();
    for (const f of parsed) {
      if (written >= LINES) break;
      const g = f.slice();
      g[iId] = (f[iId] as string).replace(/^(\d{4})-/, `$1-${copy}-`);
      g[iCommune] = code;
      g[iParcelle] = (f[iParcelle] as string).replace(/^64260/, code);
      if (f[iLon]) g[iLon] = (Number(f[iLon]) + dLon).toFixed(7);
      if (f[iLat]) g[iLat] = (Number(f[iLat]) + dLat).toFixed(7);
      const year = (f[1] as string).slice(0, 4);
      chunks.set(year, `${chunks.get(year) ?? ''}${g.join(',')}\n`);
      written++;
    }
    for (const [year, chunk] of chunks) {
      const out = outOf(year);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  }
  const files: string[] = [];
  for (const [y, out] of outs) {
    out.end();
    if (BY_YEAR || y === years[0]) {
      await once(out, 'finish');
      files.push(BY_YEAR ? file.replace(/\.csv$/, `-${y}.csv`) : file);
    }
  }
  return { lines: written, files };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-departement-'));
  const file = path.join(work, 'dvf-departement-64.csv');
  try {
    let t = performance.now();
    const { lines, files } = await writeDepartement(file);
    const size = files.reduce((sum, f) => sum + statSync(f).size, 0);
    console.log(
      `fichier${files.length > 1 ? `s (${files.length}, un par année)` : ''} synthétique${files.length > 1 ? 's' : ''} : ${lines} lignes DVF, ${COMMUNES} communes, ${mib(size)}, écrit en ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await onEachEngine(
      'immoloupe_bench_dep',
      async (engine, db) => {
        await migrate(db);
        console.log(`${engine} — charge de la machine (uptime) au départ : ${load()}`);
        peakRss = process.memoryUsage().rss;
        const t0 = performance.now();
        let kept = 0;
        let rejected = 0;
        for (const f of files) {
          t = performance.now();
          let readMs = 0;
          const log: Timing[] = [];
          const report = await runImport(PROFILE ? timed(db, log) : db, {
            path: f,
            source: 'dvf',
            startedBy: 'bench',
            onProgress: (p) => {
              if (p.phase === 'fusion' && readMs === 0) readMs = performance.now() - t;
            },
          });
          const ms = performance.now() - t;
          if (report.status !== 'succeeded') throw new Error(report.error ?? 'échec');
          kept += report.rowsKept;
          rejected += report.rowsRejected;
          if (files.length > 1) {
            console.log(
              `  ${path.basename(f)} : ${report.rowsKept} lignes en ${(ms / 1000).toFixed(1)} s (${Math.round(report.rowsKept / (ms / 1000))} lignes/s ; lecture ${(readMs / 1000).toFixed(1)} s, fusion ${((ms - readMs) / 1000).toFixed(1)} s)`,
            );
          } else {
            console.log(
              `${engine} : ${report.rowsKept} lignes importées (${report.rowsRejected} rejetées) en ${(ms / 1000).toFixed(1)} s\n` +
                `  ${Math.round(report.rowsKept / (ms / 1000))} lignes/s (lecture + validation + chargement ${(readMs / 1000).toFixed(1)} s, fusion + statistiques ${((ms - readMs) / 1000).toFixed(1)} s)`,
            );
          }
          if (PROFILE) for (const l of slowest(log, 12).lines) console.log(`    ${l}`);
        }
        const ms = performance.now() - t0;
        const [counts] = await db.query<{ mutations: number; sales: number; stats: number }>(
          `SELECT (SELECT count(*) FROM dvf_mutations)::int AS mutations, (SELECT count(*) FROM dvf_sales)::int AS sales,
                (SELECT count(*) FROM dvf_stats_monthly)::int AS stats`,
        );
        console.log(
          [
            ...(files.length > 1
              ? [
                  `${engine} : ${kept} lignes importées (${rejected} rejetées) en ${(ms / 1000).toFixed(1)} s, ${Math.round(kept / (ms / 1000))} lignes/s`,
                ]
              : []),
            `  ${counts?.mutations} mutations, ${counts?.sales} ventes retenues, ${counts?.stats} lignes de statistiques mensuelles`,
            `  mémoire résidente maximale du processus : ${mib(peakRss)} ; charge en fin : ${load()}`,
          ].join('\n'),
        );
      },
      { onDisk: true },
    );
  } finally {
    clearInterval(sampler);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

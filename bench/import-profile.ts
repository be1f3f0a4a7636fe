/**
 * Where an import's time goes: the DVF benchmark file of bench/import-throughput.ts (the Hendaye
 * sample × 20, 51 500 lines), imported on each engine with every statement timed; prints the
 * statements that took the most, and the time outside the database (reading, validation).
 *
 *   npm run bench:import-profile -w bench            (BENCH_ENGINES, BENCH_DATABASE_URL as elsewhere)
 *   BENCH_SOURCE=dpe npm run bench:import-profile -w bench   (dvf, dpe, ban, cadastre, copro)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Db, Queryable } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import type { Source } from '../server/src/importers/importer.ts';
import { runImport } from '../server/src/importers/run.ts';
import { SAMPLES } from '../server/src/importers/test-samples.ts';
import { onEachEngine } from './engines.ts';

const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-profile-'));

function multiply(file: string, name: string, times: number, alter: (row: string, copy: number) => string): string {
  const [header, ...rows] = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const out = [header as string];
  for (let k = 0; k < times; k++) for (const r of rows) out.push(alter(r, k));
  const dest = path.join(work, name);
  writeFileSync(dest, `${out.join('\n')}\n`);
  return dest;
}

const INPUTS: Partial<Record<Source, () => string>> = {
  cadastre: () => {
    // As bench/import-throughput.ts: the 2025 Bondy parcels and Paris 18e as one collection.
    const bondy = JSON.parse(gunzipSync(readFileSync(SAMPLES.cadastreBondy(2025))).toString('utf8')) as { features: unknown[] };
    const paris = JSON.parse(readFileSync(SAMPLES.cadastreParis18, 'utf8')) as { features: unknown[] };
    const dest = path.join(work, 'cadastre-bench.json');
    const features = [...bondy.features, ...paris.features].map((f) => JSON.stringify(f)).join(',\n');
    writeFileSync(dest, `{"type":"FeatureCollection","features":[\n${features}\n]}\n`);
    return dest;
  },
  dvf: () => multiply(SAMPLES.dvfHendaye, 'dvf-bench.csv', 20, (r, k) => r.replace(/^(\d{4})-(\d+)/, `$1-${k}$2`)),
  dpe: () => multiply(SAMPLES.dpeExistant, 'dpe-bench.csv', 40, (r, k) => r.replace(/^"?([0-9A-Z]+)/, (_m, id) => `"${id}${k}`)),
  copro: () =>
    multiply(SAMPLES.rnicBondy, 'rnic-bench.csv', 400, (r, k) =>
      r.replace(/"AA(\d{7})"/, (_m, n) => `"A${String.fromCharCode(65 + (k % 26))}${String((Number(n) + k * 7919) % 1e7).padStart(7, '0')}"`),
    ),
  ban: () => multiply(SAMPLES.banBondy, 'ban-bench.csv', 12, (r, k) => r.replace(/^93010_/, `93010_${k}x`)),
};

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
        if (prop === 'query' || prop === 'exec' || prop === 'copyCsv') {
          return async (...args: unknown[]) => {
            const t0 = performance.now();
            try {
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
  const build = INPUTS[source];
  if (!build) throw new Error(`BENCH_SOURCE: one of ${Object.keys(INPUTS).join(', ')}`);
  const file = build();
  await onEachEngine('immoloupe_profile', (label, db) => profile(label, db, source, file));
  rmSync(work, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

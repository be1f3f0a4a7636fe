/**
 * Latency of the offline geocoder (`geocode()` behind GET /api/geocode) over ≥ 1 million BAN
 * addresses: the Bondy BAN sample copied into 120 real communes (their INSEE code, name and postcode,
 * coordinates shifted), imported with the BAN importer, then 1 000 address queries written the way
 * people type them (abbreviations, no accents, lower case). Prints p50 / p95 / max latency and the
 * share of queries whose first result is the expected address, on PGlite and on PostgreSQL.
 *
 *   node --import tsx --import ./server/src/importers/child-register.mjs bench/geocode-latency.ts
 *
 * Takes several minutes (the import of a million rows); not part of the test suite.
 * BENCH_ENGINES=pglite|postgres, BENCH_DATABASE_URL, BENCH_COPIES (default 120), BENCH_QUERIES (1000).
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { geocode } from '../server/src/features/geocode/geocode.ts';
import { registerImportHooks } from '../server/src/import-hooks.ts';
import { runImport } from '../server/src/importers/run.ts';
import { SAMPLES } from '../server/src/importers/test-samples.ts';
import { onEachEngine } from './engines.ts';

// What the features derive from the imports measured, as in production.
registerImportHooks();

const COPIES = Number(process.env.BENCH_COPIES ?? 120);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const require = createRequire(import.meta.url);

interface Commune {
  code: string;
  nom: string;
  type: string;
  codesPostaux?: string[];
}

/** A small deterministic generator, so that two runs ask the same queries. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function typed(street: string, random: () => number): string {
  let s = street;
  if (random() < 0.5)
    s = s
      .replace(/^Avenue /, 'av ')
      .replace(/^Boulevard /, 'bd ')
      .replace(/Saint-/, 'st ')
      .replace(/Sainte-/, 'ste ');
  if (random() < 0.5)
    s = s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return s;
}

function buildBan(work: string): { file: string; rows: number; expected: { q: string; id: string }[] } {
  const [header, ...rows] = readFileSync(SAMPLES.banBondy, 'utf8').split('\n').filter(Boolean);
  const communes = (require('@etalab/decoupage-administratif/data/communes.json') as Commune[]).filter(
    (c) => c.type === 'commune-actuelle' && c.code !== '93010' && (c.codesPostaux?.length ?? 0) > 0,
  );
  const random = rng(42);
  const chosen: Commune[] = [];
  const step = Math.floor(communes.length / COPIES);
  for (let k = 0; k < COPIES; k++) chosen.push(communes[k * step] as Commune);
  const out = [header as string];
  const pool: { q: string; id: string }[] = [];
  chosen.forEach((c, k) => {
    const cp = c.codesPostaux?.[0] ?? '';
    for (const r of rows) {
      const f = r.split(';');
      const id = `${c.code}${(f[0] ?? '').slice(5)}`;
      f[0] = id;
      f[1] = (f[1] ?? '').replace(/^93010/, c.code);
      f[5] = cp;
      f[6] = c.code;
      f[7] = c.nom;
      f[12] = String(Number(f[12]) + (k % 12) * 0.3);
      f[13] = String(Number(f[13]) - Math.floor(k / 12) * 0.2);
      f[17] = c.nom.toUpperCase();
      out.push(f.join(';'));
      if (f[2] && random() < 0.01)
        pool.push({ q: `${f[2]}${f[3] ? ` ${f[3]}` : ''} ${typed(f[4] ?? '', random)} ${random() < 0.5 ? c.nom : cp}`, id });
    }
  });
  const file = path.join(work, 'adresses-bench.csv');
  writeFileSync(file, `${out.join('\n')}\n`);
  const expected: { q: string; id: string }[] = [];
  for (let i = 0; i < QUERIES; i++) expected.push(pool[Math.floor(random() * pool.length)] as { q: string; id: string });
  return { file, rows: out.length - 1, expected };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

async function bench(engine: string, db: Db, ban: ReturnType<typeof buildBan>): Promise<void> {
  await migrate(db);
  const t0 = performance.now();
  const report = await runImport(db, { path: ban.file, source: 'ban', startedBy: 'bench' });
  const importS = (performance.now() - t0) / 1000;
  if (report.status !== 'succeeded') throw new Error(report.error ?? 'import failed');
  const [{ voies } = { voies: 0 }] = await db.query<{ voies: number }>('SELECT count(*)::int AS voies FROM ban_voies');
  // Warm-up: the first queries load the indexes.
  for (const e of ban.expected.slice(0, 20)) await geocode(db, e.q, 5);
  const times: number[] = [];
  let hits = 0;
  for (const e of ban.expected) {
    const t = performance.now();
    const results = await geocode(db, e.q, 5);
    times.push(performance.now() - t);
    if (results[0]?.address?.id === e.id) hits++;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${engine.padEnd(10)} | ${report.rowsKept} addresses, ${voies} streets, imported in ${importS.toFixed(1)} s (${Math.round(report.rowsKept / importS)} rows/s) | ` +
      `${times.length} queries: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms | ` +
      `first result = expected address: ${((hits / times.length) * 100).toFixed(1)} %`,
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'immoloupe-bench-geocode-'));
  const ban = buildBan(work);
  console.log(`BAN sample × ${COPIES} communes = ${ban.rows} addresses; ${ban.expected.length} queries such as « ${ban.expected[0]?.q} »`);
  try {
    await onEachEngine('immoloupe_bench_geo', (label, db) => bench(label, db, ban));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Latency of the prospecting searches (issue 10): the DPE search over ≥ 1 000 000 DPE and the
 * co-ownership search over 600 000 RNIC rows, on PGlite and on PostgreSQL (bench/engines.ts).
 * The ADEME (1 000 DPE) and RNIC (37 Bondy co-ownerships) samples are imported, then copied in
 * SQL (generate_series over the sample rows, every column kept) into 100 synthetic communes
 * (codes 98000–98099) with jittered positions, in one transaction: the B-tree indexes dropped and
 * built once after the load, as the importers' bulk path does (server/src/importers/bulk-indexes.ts),
 * and the GiST ones too (building them after the load is about twice as fast on PGlite as
 * maintaining them). Load time printed per step. Measured: a commune + classes F,G (first page of
 * 50 + counts per class) and a commune + mandate ending within 12 months (first page + total), on
 * communes picked in turn; p50 and p95 printed (targets: p95 ≤ 100 ms on PGlite, ≤ 50 ms on
 * PostgreSQL). BENCH_EXPLAIN=1 prints the plans of the DPE search.
 *
 *   npm run bench:prospecting -w bench -- [dpe=1000000] [copros=600000] [requests=100]
 */
import { performance } from 'node:perf_hooks';
import type { Queryable } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { Params } from '../server/src/db/params.ts';
import { rnicDate, searchCopros } from '../server/src/features/copro/queries.ts';
import { dpeMatchesSql, searchDpe } from '../server/src/features/dpe/queries.ts';
import { importSamples } from '../server/src/features/market/test-support.ts';
import { withIndexesDeferred } from '../server/src/importers/bulk-indexes.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { onEachEngine } from './engines.ts';

const DPE_ROWS = Number(process.argv[2] ?? 1_000_000);
const COPRO_ROWS = Number(process.argv[3] ?? 600_000);
const REQUESTS = Number(process.argv[4] ?? 100);
const COMMUNES = 100;

const ms = (t: number) => `${Math.round(t * 10) / 10} ms`;

async function timed(label: string, n: number, call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label}: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (${n} requests)`);
}

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await run();
  console.log(`  ${label}: ${ms(performance.now() - t)}`);
  return out;
}

/** Columns of `table` in order: the copies keep every column of the sample rows. */
async function columnsOfTable(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name);
}

/**
 * Copies the sample rows of `table` `copies - 1` times in SQL (generate_series over a snapshot of
 * the sample, about 100 000 rows per statement): copy `g` (1…copies-1) takes the expressions of
 * `changed` (over `s`, the sample row, `i` its rank, and `g`), the other columns as they are.
 */
async function insertCopies(tx: Queryable, table: string, key: string, copies: number, changed: Record<string, string>): Promise<number> {
  const columns = await columnsOfTable(tx, table);
  await tx.exec(`CREATE TEMP TABLE bench_sample AS SELECT s.*, (row_number() OVER (ORDER BY s.${key}) - 1)::int AS i FROM ${table} s`);
  const [sample] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_sample');
  const per = Math.max(1, Math.floor(100_000 / (sample?.n || 1)));
  let inserted = 0;
  for (let from = 1; from < copies; from += per) {
    const to = Math.min(copies - 1, from + per - 1);
    await tx.exec(
      `INSERT INTO ${table} (${columns.join(', ')})
       SELECT ${columns.map((c) => changed[c] ?? `s.${c}`).join(', ')} FROM bench_sample s, generate_series(${from}, ${to}) g`,
    );
    inserted += (to - from + 1) * (sample?.n ?? 0);
  }
  await tx.exec('DROP TABLE bench_sample');
  return inserted;
}

const commune = (i: number) => String(98000 + (i % COMMUNES));
const inCommune = `(98000 + g % ${COMMUNES})::text`;
/** Each copy lands in one synthetic commune, its points shifted by up to ±0.01°. */
const shifted = {
  longitude: 's.longitude + ((g * 7919) % 200 - 100) / 10000.0',
  latitude: 's.latitude + ((g * 104729) % 200 - 100) / 10000.0',
};

await onEachEngine('bench_prospecting', async (engine, db) => {
  console.log(`\n${engine}`);
  const t = performance.now();
  await migrate(db);
  await importSamples(db, ['dpe/dpe03existant_extrait-1000_france.csv', 'copro/rnic_extrait-R_93010_bondy_37-lignes.csv']);
  const [sample] = await db.query<{ dpe: number; copros: number }>(
    'SELECT (SELECT count(*) FROM dpe)::int AS dpe, (SELECT count(*) FROM copros)::int AS copros',
  );
  // One transaction, as an importer's bulk merge (server/src/importers/bulk-indexes.ts): B-tree
  // indexes dropped, rows inserted, each index built once after. Unlike the importers, the GiST
  // indexes are dropped and built after the load too: on PGlite that costs about half of
  // maintaining them row by row (decision 0740).
  await db.transaction(async (tx) => {
    const gist = await tx.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename IN ('dpe', 'copros') AND indexdef LIKE '% USING gist %'`,
    );
    for (const i of gist) await tx.exec(`DROP INDEX ${i.name}`);
    await step('rows inserted, then B-tree indexes built', () =>
      withIndexesDeferred(tx, ['dpe', 'copros'], true, async () => {
        const l = performance.now();
        const dpe = await insertCopies(tx, 'dpe', 'numero_dpe', Math.ceil(DPE_ROWS / (sample?.dpe || 1)), {
          numero_dpe: `s.numero_dpe || '-' || g`,
          numero_dpe_remplace: `s.numero_dpe_remplace || '-' || g`,
          code_postal_ban: inCommune,
          code_insee_ban: inCommune,
          nom_commune_ban: `'Commune ' || (g % ${COMMUNES})`,
          ...shifted,
        });
        const copros = await insertCopies(tx, 'copros', 'numero_immatriculation', Math.ceil(COPRO_ROWS / (sample?.copros || 1)), {
          numero_immatriculation: `'ZZ' || lpad((g * 100 + s.i)::text, 7, '0')`,
          date_fin_dernier_mandat: 's.date_fin_dernier_mandat + ((g * 37) % 720 - 360)',
          code_postal: inCommune,
          code_insee: inCommune,
          commune: `'Commune'`,
          ...shifted,
        });
        console.log(`    ${dpe} DPE and ${copros} co-ownerships inserted in ${ms(performance.now() - l)}`);
      }),
    );
    await step(`${gist.length} GiST indexes built`, async () => {
      for (const i of gist) await tx.exec(i.def);
    });
  });
  await step('ANALYZE', () => db.exec('ANALYZE dpe; ANALYZE copros;'));
  const [counts] = await db.query<{ dpe: number; copros: number }>(
    'SELECT (SELECT count(*) FROM dpe)::int AS dpe, (SELECT count(*) FROM copros)::int AS copros',
  );
  console.log(`  loaded ${counts?.dpe} DPE and ${counts?.copros} co-ownerships in ${ms(performance.now() - t)}`);

  const picked = (i: number) => commune(i * 37);
  const page = { limit: 50, offset: 0 };
  await timed('DPE, commune + classes F,G, first page + counts per class', REQUESTS, (i) =>
    searchDpe(db, { classes: ['F', 'G'] }, { kind: 'communes', insee: [picked(i)] }, { sort: 'date', order: 'desc', ...page }),
  );
  if (process.env.BENCH_EXPLAIN) {
    // The plan of the pass over the matches of one DPE search (counts and the page's numbers), to see where the time goes.
    const p = new Params();
    const sql = dpeMatchesSql(
      p,
      { classes: ['F', 'G'] },
      { kind: 'communes', insee: [picked(1)] },
      { sort: 'date', order: 'desc', ...page },
    );
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, p.values);
    console.log(plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
  const asOf = await rnicDate(db);
  await timed('Co-ownerships, commune + mandate ending within 12 months, first page + total', REQUESTS, (i) =>
    searchCopros(db, { endsWithin: 12 }, { kind: 'communes', insee: [picked(i)] }, asOf, { sort: 'fin_mandat', order: 'asc', ...page }),
  );
});

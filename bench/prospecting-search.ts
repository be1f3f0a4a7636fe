/**
 * Latency of the prospecting searches (issue 10): the DPE search over ≥ 1 000 000 DPE and the
 * co-ownership search over 600 000 RNIC rows, on PGlite and on PostgreSQL (bench/engines.ts).
 * The ADEME (1 000 DPE) and RNIC (37 Bondy co-ownerships) samples are imported, then copied in
 * SQL (generate_series over the sample rows) into 100 synthetic communes (codes 98000–98099) with
 * jittered positions; the secondary indexes are dropped during the load and rebuilt after it (one
 * sorted build instead of a million GiST and B-tree insertions: what made the PGlite load too slow
 * to finish on a loaded machine), the load time printed per step. Measured: a commune
 * + classes F,G (first page of 50 + counts per class) and a commune + mandate ending within
 * 12 months (first page + total), on random communes; p50 and p95 printed (targets: p95 ≤ 100 ms
 * on PGlite, ≤ 50 ms on PostgreSQL).
 *
 *   npm run bench:prospecting -w bench -- [dpe=1000000] [copros=600000] [requests=100]
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { rnicDate, searchCopros } from '../server/src/features/copro/queries.ts';
import { dpeWhere, searchDpe } from '../server/src/features/dpe/queries.ts';
import { Params } from '../server/src/features/market/sql.ts';
import { importSamples } from '../server/src/features/market/test-support.ts';
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

/** Drops the secondary indexes of a table and gives back their definitions, to rebuild them after a bulk load. */
async function dropIndexes(db: Db, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await db.exec(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.def);
}

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await run();
  console.log(`  ${label}: ${ms(performance.now() - t)}`);
  return out;
}

/** Runs `insert(from, to)` over the copies in chunks, so that one statement never holds the whole load. */
async function inChunks(copies: number, insert: (from: number, to: number) => Promise<unknown>) {
  const chunk = 100;
  for (let from = 1; from < copies; from += chunk) await insert(from, Math.min(copies - 1, from + chunk - 1));
}

await onEachEngine('bench_prospecting', async (engine, db) => {
  console.log(`\n${engine}`);
  const t = performance.now();
  await migrate(db);
  await importSamples(db, ['dpe/dpe03existant_extrait-1000_france.csv', 'copro/rnic_extrait-R_93010_bondy_37-lignes.csv']);
  const [dpeCount] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dpe');
  const dpeSample = dpeCount?.n ?? 1;
  const copies = Math.ceil(DPE_ROWS / dpeSample);
  const dpeIndexes = await dropIndexes(db, 'dpe');
  const coproIndexes = await dropIndexes(db, 'copros');
  // Each copy of the sample lands in one synthetic commune, its points shifted by up to ±0.01°.
  await step(`DPE rows generated (${copies - 1} copies of ${dpeSample})`, () =>
    inChunks(copies, (from, to) =>
      db.query(
        `INSERT INTO dpe (numero_dpe, modele, date_etablissement, numero_dpe_remplace, etiquette_dpe, etiquette_ges, type_batiment,
                      annee_construction, periode_construction, surface_habitable_logement, numero_immatriculation_copropriete,
                      adresse_ban, code_postal_ban, code_insee_ban, nom_commune_ban, longitude, latitude, import_run_id)
     SELECT d.numero_dpe || '-' || g, d.modele, d.date_etablissement, CASE WHEN d.numero_dpe_remplace IS NOT NULL THEN d.numero_dpe_remplace || '-' || g END,
            d.etiquette_dpe, d.etiquette_ges, d.type_batiment, d.annee_construction, d.periode_construction, d.surface_habitable_logement,
            d.numero_immatriculation_copropriete, d.adresse_ban, lpad((98000 + g % ${COMMUNES})::text, 5, '0'),
            lpad((98000 + g % ${COMMUNES})::text, 5, '0'), 'Commune ' || (g % ${COMMUNES}),
            d.longitude + ((g * 7919) % 200 - 100) / 10000.0, d.latitude + ((g * 104729) % 200 - 100) / 10000.0, d.import_run_id
       FROM dpe d, generate_series(${from}, ${to}) g
      WHERE d.numero_dpe NOT LIKE '%-%'`,
      ),
    ),
  );
  const [coproCount] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copros');
  const coproSample = coproCount?.n ?? 1;
  const coproCopies = Math.ceil(COPRO_ROWS / coproSample);
  await step(`co-ownership rows generated (${coproCopies - 1} copies of ${coproSample})`, () =>
    inChunks(coproCopies, (from, to) =>
      db.query(
        `INSERT INTO copros (numero_immatriculation, date_derniere_maj, type_syndic, raison_sociale_syndic, siret_syndic, mandat_en_cours,
                         date_fin_dernier_mandat, nom_usage, adresse_reference, code_postal, commune, code_insee, longitude, latitude,
                         nombre_total_lots, nombre_lots_habitation, nombre_lots_stationnement, periode_construction, copro_dans_acv,
                         copro_dans_pvd, import_run_id)
     SELECT 'ZZ' || lpad((g * 100 + row_number() OVER (PARTITION BY g ORDER BY c.numero_immatriculation))::text, 7, '0'), c.date_derniere_maj,
            c.type_syndic, c.raison_sociale_syndic, c.siret_syndic, c.mandat_en_cours,
            c.date_fin_dernier_mandat + ((g * 37) % 720 - 360), c.nom_usage, c.adresse_reference, lpad((98000 + g % ${COMMUNES})::text, 5, '0'),
            'Commune', lpad((98000 + g % ${COMMUNES})::text, 5, '0'), c.longitude + ((g * 7919) % 200 - 100) / 10000.0,
            c.latitude + ((g * 104729) % 200 - 100) / 10000.0, c.nombre_total_lots, c.nombre_lots_habitation, c.nombre_lots_stationnement,
            c.periode_construction, c.copro_dans_acv, c.copro_dans_pvd, c.import_run_id
       FROM copros c, generate_series(${from}, ${to}) g
      WHERE c.numero_immatriculation NOT LIKE 'ZZ%'`,
      ),
    ),
  );
  await step(`${dpeIndexes.length + coproIndexes.length} indexes rebuilt`, async () => {
    for (const def of [...dpeIndexes, ...coproIndexes]) await db.exec(def);
  });
  await step('ANALYZE', () => db.exec('ANALYZE dpe; ANALYZE copros;'));
  const [counts] = await db.query<{ dpe: number; copros: number }>(
    'SELECT (SELECT count(*) FROM dpe)::int AS dpe, (SELECT count(*) FROM copros)::int AS copros',
  );
  console.log(`  loaded ${counts?.dpe} DPE and ${counts?.copros} co-ownerships in ${ms(performance.now() - t)}`);

  const commune = (i: number) => String(98000 + ((i * 37) % COMMUNES));
  const page = { limit: 50, offset: 0 };
  await timed('DPE, commune + classes F,G, first page + counts per class', REQUESTS, (i) =>
    searchDpe(db, { classes: ['F', 'G'] }, { kind: 'communes', insee: [commune(i)] }, { sort: 'date', order: 'desc', ...page }),
  );
  if (process.env.BENCH_EXPLAIN) {
    // The plans of the two statements of one DPE search, to see where the time goes.
    const p = new Params();
    const where = dpeWhere(p, { classes: ['F', 'G'] }, { kind: 'communes', insee: [commune(1)] });
    for (const sql of [
      `SELECT d.numero_dpe FROM dpe d WHERE ${where} ORDER BY d.date_etablissement DESC NULLS LAST, d.numero_dpe LIMIT 50`,
      `SELECT d.etiquette_dpe, count(*) FROM dpe d WHERE ${where} GROUP BY d.etiquette_dpe`,
    ]) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, p.values);
      console.log(plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
  }
  const asOf = await rnicDate(db);
  await timed('Co-ownerships, commune + mandate ending within 12 months, first page + total', REQUESTS, (i) =>
    searchCopros(db, { endsWithin: 12 }, { kind: 'communes', insee: [commune(i)] }, asOf, { sort: 'fin_mandat', order: 'asc', ...page }),
  );
});

/**
 * The partitioning choice for France (docs/france-scale.md), tested on PostgreSQL over N synthetic
 * DVF mutations (default 5 000 000) spread over 50 départements: the same rows in one table and in
 * a table partitioned by département (LIST), each with the indexes of `dvf_mutations` (commune +
 * date, GiST on point(longitude, latitude)). Prints load and index build times, sizes, query latencies (a commune
 * over 12 months, a 500 m radius, a département over 12 months) and the time to replace one
 * département (DELETE + INSERT vs a fresh partition swapped in).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:partitions -w bench -- [rows=5000000]
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client.ts';
import { radiusBox, withinRadiusSql } from '../server/src/db/spatial.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { onEachEngine } from './engines.ts';

const ROWS = Number(process.argv[2] ?? 5_000_000);
const DEPS = 50;
const RUNS = 40;

const COLUMNS = `id bigint NOT NULL, code_departement text NOT NULL, code_commune text NOT NULL, date_mutation date NOT NULL,
  valeur_fonciere numeric(15, 2), longitude double precision, latitude double precision`;

/** Rows of département d (01..50): 100 communes each, positions on a grid of France-sized boxes. */
function rowsSql(where = 'true'): string {
  return `SELECT i, lpad((i % ${DEPS} + 1)::text, 2, '0'), lpad((i % ${DEPS} + 1)::text, 2, '0') || lpad((i / ${DEPS} % 100)::text, 3, '0'),
                 DATE '2020-01-01' + (i * 7919 % 1827)::int, 50000 + (i * 104729 % 500000),
                 -1.5 + (i % ${DEPS}) % 10 * 0.8 + ((i * 48271) % 10007) / 10007.0 * 0.7,
                 43.5 + (i % ${DEPS}) / 10 * 1.1 + ((i * 69621) % 10009) / 10009.0 * 1.0
            FROM generate_series(1::bigint, ${ROWS}) AS i WHERE ${where}`;
}

async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const r = await f();
  console.info(`  ${label.padEnd(48)} ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} s`);
  return r;
}

/** $1, $2… in order: the SQL is written once, the values of each run come from `params`. */
function placeholders(): () => string {
  let n = 0;
  return () => `$${++n}`;
}

async function latencies(db: Db, label: string, sql: string, params: () => unknown[]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const p = params();
    const t = performance.now();
    await db.query(sql, p);
    times.push(performance.now() - t);
  }
  console.info(
    `  ${label.padEnd(48)} p50 ${quantile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(times, 0.95).toFixed(1).padStart(7)} ms`,
  );
}

async function variant(db: Db, table: string, partitioned: boolean) {
  console.info(partitioned ? `Table partitionnée par département (${DEPS} partitions)` : 'Table unique');
  await db.exec(`CREATE TABLE ${table} (${COLUMNS})${partitioned ? ' PARTITION BY LIST (code_departement)' : ''}`);
  if (partitioned)
    for (let d = 1; d <= DEPS; d++) {
      const code = String(d).padStart(2, '0');
      await db.exec(`CREATE TABLE ${table}_${code} PARTITION OF ${table} FOR VALUES IN ('${code}')`);
    }
  await timed(`chargement de ${ROWS.toLocaleString('fr-FR')} lignes`, () => db.exec(`INSERT INTO ${table} ${rowsSql()}`));
  await timed('index (commune, date)', () => db.exec(`CREATE INDEX ON ${table} (code_commune, date_mutation)`));
  await timed('index GiST point(longitude, latitude)', () => db.exec(`CREATE INDEX ON ${table} USING gist (point(longitude, latitude))`));
  await db.exec(`ANALYZE ${table}`);
  const [size] = await db.query<{ data: string; idx: string }>(
    `SELECT pg_size_pretty(sum(pg_table_size(c.oid))) AS data, pg_size_pretty(sum(pg_indexes_size(c.oid))) AS idx
       FROM pg_class c WHERE c.relname = $1 OR c.relname LIKE $1 || '\\_%' AND c.relkind = 'r'`,
    [table],
  );
  console.info(`  taille : données ${size?.data}, index ${size?.idx}`);
  let k = 0;
  const next = () => ++k;
  await latencies(
    db,
    'une commune, 12 mois (nombre, médiane)',
    `SELECT count(*), percentile_cont(0.5) WITHIN GROUP (ORDER BY valeur_fonciere) FROM ${table}
      WHERE code_departement = left($1, 2) AND code_commune = $1 AND date_mutation BETWEEN DATE '2024-01-01' AND DATE '2024-12-31'`,
    () => {
      const i = next();
      return [`${String((i % DEPS) + 1).padStart(2, '0')}${String(i % 100).padStart(3, '0')}`];
    },
  );
  await latencies(
    db,
    'rayon de 500 m (sans département)',
    // As the product writes it (server/src/db/spatial.ts): the indexed rectangle, then the exact distance.
    `SELECT count(*) FROM ${table} t WHERE ${withinRadiusSql(placeholders(), 0, 0, 500, 't.latitude', 't.longitude')}`,
    () => {
      const i = next();
      const lat = 43.5 + Math.floor((i % DEPS) / 10) * 1.1 + 0.5;
      const lon = -1.5 + ((i % DEPS) % 10) * 0.8 + 0.35;
      const [w, s, e, n] = radiusBox(lat, lon, 500);
      return [w, s, e, n, lat, lon, 500];
    },
  );
  await latencies(
    db,
    'un département, 12 mois (nombre par mois)',
    `SELECT date_trunc('month', date_mutation), count(*) FROM ${table}
      WHERE code_departement = $1 AND date_mutation BETWEEN DATE '2024-01-01' AND DATE '2024-12-31' GROUP BY 1`,
    () => [String((next() % DEPS) + 1).padStart(2, '0')],
  );
  // Replacing one département's data, as a new yearly file does.
  if (partitioned) {
    await timed('remplacement d’un département (partition neuve)', async () => {
      await db.exec(`CREATE TABLE ${table}_new (LIKE ${table} INCLUDING DEFAULTS)`);
      await db.exec(`INSERT INTO ${table}_new ${rowsSql(`i % ${DEPS} = 6`)}`);
      await db.exec(`CREATE INDEX ON ${table}_new (code_commune, date_mutation);
                     CREATE INDEX ON ${table}_new USING gist (point(longitude, latitude));`);
      await db.transaction(async (tx) => {
        await tx.exec(`ALTER TABLE ${table} DETACH PARTITION ${table}_07; DROP TABLE ${table}_07;
                       ALTER TABLE ${table}_new RENAME TO ${table}_07;
                       ALTER TABLE ${table} ATTACH PARTITION ${table}_07 FOR VALUES IN ('07');`);
      });
    });
  } else {
    await timed('remplacement d’un département (DELETE + INSERT)', () =>
      db.transaction(async (tx) => {
        await tx.exec(`DELETE FROM ${table} WHERE code_departement = '07'`);
        await tx.exec(`INSERT INTO ${table} ${rowsSql(`i % ${DEPS} = 6`)}`);
      }),
    );
  }
}

process.env.BENCH_ENGINES = 'postgres';
await onEachEngine('bench_partitions', async (_label, db) => {
  await db.exec('CREATE EXTENSION IF NOT EXISTS cube; CREATE EXTENSION IF NOT EXISTS earthdistance;');
  await variant(db, 'ventes_unique', false);
  await variant(db, 'ventes_part', true);
});

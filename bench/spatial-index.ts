/**
 * The shape of the spatial indexes (docs/decisions/0850-bulk-import-path.md), on PGlite and
 * PostgreSQL: a GiST on `ll_to_earth(latitude, longitude)` (earthdistance's cube, the former
 * choice) against a GiST on `point(longitude, latitude)` (point_ops, sorted build), over N
 * synthetic points of a département. Prints, for each: the cost per row of inserting into an
 * indexed table (what an import pays when the index is kept) and of building the index after the
 * load (what a bulk import pays), the index size, then p50/p95 of radius queries (count of the
 * rows within 500 m and 2 km of random points, the market and zone queries' shape), each written
 * as the product writes it for that index. Both tables hold the same rows; the queries alternate
 * between them so that the machine's load weighs on both alike.
 *
 *   npm run bench:spatial -w bench -- [points=200000] [queries=200]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client.ts';
import { Params } from '../server/src/db/params.ts';
import { withinRadiusSql } from '../server/src/db/spatial.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { onEachEngine } from './engines.ts';
import { rng } from './random.ts';

const POINTS = Number(process.argv[2] ?? 200_000);
const QUERIES = Number(process.argv[3] ?? 200);
/** Seine-Saint-Denis, roughly; points clustered around 40 town centres. */
const BOX = { w: 2.29, s: 48.83, e: 2.6, n: 49.01 };

const SHAPES = {
  cube: {
    label: 'GiST ll_to_earth (cube)',
    index: (t: string) => `CREATE INDEX ${t}_geo ON ${t} USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL`,
    radius: (p: Params, lat: number, lon: number, r: number) => {
      const c = `ll_to_earth(${p.add(lat)}::float8, ${p.add(lon)}::float8)`;
      const pt = 'll_to_earth(t.latitude, t.longitude)';
      return `t.latitude IS NOT NULL AND earth_box(${c}, ${p.add(r)}::float8) @> ${pt} AND earth_distance(${c}, ${pt}) <= ${p.add(r)}::float8`;
    },
  },
  point: {
    label: 'GiST point(longitude, latitude)',
    index: (t: string) => `CREATE INDEX ${t}_geo ON ${t} USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL`,
    radius: (p: Params, lat: number, lon: number, r: number) => withinRadiusSql((v) => p.add(v), lat, lon, r, 't.latitude', 't.longitude'),
  },
} as const;
type Shape = keyof typeof SHAPES;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function run(engine: string, db: Db) {
  console.info(`\n== ${engine} — ${POINTS} points, charge de la machine ${load()} ==`);
  await db.exec(`
    CREATE EXTENSION IF NOT EXISTS cube; CREATE EXTENSION IF NOT EXISTS earthdistance;
    CREATE TABLE src AS
      SELECT i::int AS id,
             (${BOX.w} + ((i % 40) % 8 + 0.5) * ${(BOX.e - BOX.w) / 8} + (((i * 48271) % 10007) / 10007.0 - 0.5) * ${(BOX.e - BOX.w) / 8})::float8 AS longitude,
             (${BOX.s} + ((i % 40) / 8 + 0.5) * ${(BOX.n - BOX.s) / 5} + (((i * 69621) % 10009) / 10009.0 - 0.5) * ${(BOX.n - BOX.s) / 5})::float8 AS latitude
        FROM generate_series(1::bigint, ${POINTS}) AS i;`);
  const perRow = (ms: number) => `${((ms * 1000) / POINTS).toFixed(1)} µs/ligne`;
  const header = (label: string) => label.padEnd(34);
  const noIndex = await timed(() =>
    db.exec('CREATE TABLE t_none (id int, longitude float8, latitude float8); INSERT INTO t_none SELECT * FROM src'),
  );
  console.info(`${header('sans index')} insertion ${perRow(noIndex)}`);
  for (const shape of Object.keys(SHAPES) as Shape[]) {
    const s = SHAPES[shape];
    await db.exec(`CREATE TABLE t_${shape}_kept (id int, longitude float8, latitude float8); ${s.index(`t_${shape}_kept`)}`);
    const kept = await timed(() => db.exec(`INSERT INTO t_${shape}_kept SELECT * FROM src`));
    await db.exec(`CREATE TABLE t_${shape} (id int, longitude float8, latitude float8); INSERT INTO t_${shape} SELECT * FROM src`);
    const built = await timed(() => db.exec(`SET maintenance_work_mem = '256MB'; ${s.index(`t_${shape}`)}`));
    await db.exec(`DROP TABLE t_${shape}_kept; ANALYZE t_${shape}`);
    const [size] = await db.query<{ mb: number }>(`SELECT pg_relation_size('t_${shape}_geo') / 1048576.0 AS mb`);
    console.info(
      `${header(s.label)} insertion index tenu ${perRow(kept)}, construction après chargement ${perRow(built)}, ${size?.mb.toFixed(1)} Mio`,
    );
  }

  for (const radius of [500, 2000]) {
    const random = rng(radius);
    const times: Record<Shape, number[]> = { cube: [], point: [] };
    const counts: Record<Shape, number> = { cube: 0, point: 0 };
    for (let i = 0; i < QUERIES + 10; i++) {
      const lon = BOX.w + random() * (BOX.e - BOX.w);
      const lat = BOX.s + random() * (BOX.n - BOX.s);
      for (const shape of (i % 2 === 0 ? ['cube', 'point'] : ['point', 'cube']) as Shape[]) {
        const p = new Params();
        const sql = `SELECT count(*)::int AS n FROM t_${shape} t WHERE ${SHAPES[shape].radius(p, lat, lon, radius)}`;
        const t = performance.now();
        const [r] = await db.query<{ n: number }>(sql, p.values);
        if (i >= 10) {
          times[shape].push(performance.now() - t);
          counts[shape] += r?.n ?? 0;
        }
      }
    }
    if (counts.cube !== counts.point) throw new Error(`rayon ${radius} m : ${counts.cube} lignes (cube) ≠ ${counts.point} (point)`);
    for (const shape of Object.keys(SHAPES) as Shape[])
      console.info(
        `${header(SHAPES[shape].label)} rayon ${String(radius).padStart(4)} m : p50 ${quantile(times[shape], 0.5).toFixed(1).padStart(6)} ms, p95 ${quantile(times[shape], 0.95).toFixed(1).padStart(6)} ms (${Math.round(counts[shape] / QUERIES)} lignes en moyenne)`,
      );
  }
  console.info(`charge en fin : ${load()}`);
}

onEachEngine('bench_spatial', run).catch((err) => {
  console.error(err);
  process.exit(1);
});

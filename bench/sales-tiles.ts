/**
 * Sales maps at the size of a département (issue 11, §2), on PGlite then PostgreSQL
 * (BENCH_ENGINES=pglite,postgres, BENCH_DATABASE_URL): N synthetic sales (default 500 000) spread
 * over the 40 communes of a synthetic Seine-Saint-Denis, 5 years. Prints, for the département view
 * of a 1 280 × 800 px map (zoom 11, 512 px vector tiles):
 * - the bytes of its first frame of sales tiles (raw and gzip), next to the former GeoJSON download
 *   of `GET /api/transactions?format=geojson` (100 000 points at most) and its time;
 * - p50/p95 of tile requests, overall and per zoom, at zooms 9–16 over random views and
 *   whole-month periods: without filter, with a kind of local, with a kind and a nature (the cell
 *   pyramid up to zoom 13), then with a price band (counted from the sales); the tile cache is off
 *   for these (every tile is built), then on for a replay of the first set.
 * Target: first frame ≤ 1 MB, tile p95 ≤ 100 ms.
 *
 *   npm run bench:tiles -w bench -- [sales=500000] [requests=200]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import express from 'express';
import type { Db } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { SUBSCRIBER, serveRouter } from '../server/src/features/market/test-support.ts';
import { TileCache } from '../server/src/features/tiles/cache.ts';
import { tileRoutes } from '../server/src/features/tiles/routes.ts';
import { refreshMapCells } from '../server/src/features/tiles/sales.ts';
import { tileOf } from '../server/src/features/tiles/tiles.logic.ts';
import { transactionRoutes } from '../server/src/features/transactions/routes.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { onEachEngine } from './engines.ts';
import { rng } from './random.ts';

const SALES = Number(process.argv[2] ?? 500_000);
const REQUESTS = Number(process.argv[3] ?? 200);
/** Seine-Saint-Denis, roughly. */
const BOX = { w: 2.29, s: 48.83, e: 2.6, n: 49.01 };

async function run(engine: string, db: Db) {
  // The development machine is shared: the load average says how far the figures are from an idle one.
  console.info(
    `\n== ${engine} — charge de la machine ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} ==`,
  );
  await migrate(db);
  const t0 = performance.now();
  // Sales clustered around 40 town centres (a grid of 8 × 5 over the box), 2020–2024.
  await db.exec(`
    INSERT INTO dvf_mutations (id_mutation, origin, date_mutation, nature_mutation, valeur_fonciere, code_commune, code_departement,
                               nb_lignes, nb_locaux, longitude, latitude, import_run_id)
    SELECT 'S' || i, 'dgfip', DATE '2020-01-01' + (i * 7919 % 1827)::int, 'Vente', 100000 + (i * 104729 % 400000),
           '93' || lpad((i % 40 + 1)::text, 3, '0'), '93', 1, 1,
           ${BOX.w} + ((i % 40) % 8 + 0.5) * ${(BOX.e - BOX.w) / 8} + (((i * 48271) % 10007) / 10007.0 - 0.5) * ${(BOX.e - BOX.w) / 8},
           ${BOX.s} + ((i % 40) / 8 + 0.5) * ${(BOX.n - BOX.s) / 5} + (((i * 69621) % 10009) / 10009.0 - 0.5) * ${(BOX.n - BOX.s) / 5},
           0
      FROM generate_series(1::bigint, ${SALES}) AS i;
    INSERT INTO dvf_lines (id_mutation, line_no, source_line, code_commune, code_departement, code_type_local, type_local, surface_reelle_bati,
                           nombre_pieces_principales, longitude, latitude)
    SELECT id_mutation, 1, 1, code_commune, '93', CASE WHEN substr(id_mutation, 2)::int % 3 = 0 THEN 1 ELSE 2 END,
           CASE WHEN substr(id_mutation, 2)::int % 3 = 0 THEN 'Maison' ELSE 'Appartement' END, 30 + substr(id_mutation, 2)::int % 90, 3,
           longitude, latitude
      FROM dvf_mutations;
    ANALYZE;`);
  await db.transaction((tx) => refreshMapCells(tx, 'SELECT DISTINCT code_commune FROM dvf_mutations'));
  const [c] = await db.query<{ n: number; cells: number }>(
    'SELECT (SELECT count(*) FROM dvf_mutations)::int AS n, (SELECT count(*) FROM dvf_map_cells)::int AS cells',
  );
  console.info(`${c?.n} ventes synthétiques, ${c?.cells} cellules (${((performance.now() - t0) / 1000).toFixed(1)} s).`);

  const router = express.Router();
  // No cache: every request of the measures below builds its tile.
  router.use(tileRoutes({ db, cache: new TileCache(0) }));
  router.use(transactionRoutes({ db }));
  const api = await serveRouter(router, SUBSCRIBER);
  const cachedRouter = express.Router();
  cachedRouter.use(tileRoutes({ db }));
  const cachedApi = await serveRouter(cachedRouter, SUBSCRIBER);
  const get = async (path: string, server = api) => {
    const t = performance.now();
    const res = await server.fetch(path);
    const body = new Uint8Array(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${path} → ${res.status} ${new TextDecoder().decode(body)}`);
    return { ms: performance.now() - t, bytes: body.byteLength, gzip: gzipSync(body).byteLength };
  };

  // The département view: the map's own view as the place (« Vue de la carte »), the last 12 months.
  const view = `bbox=${BOX.w},${BOX.s},${BOX.e},${BOX.n}&from=2024-01-01&to=2024-12-31`;
  const center = { lon: (BOX.w + BOX.e) / 2, lat: (BOX.s + BOX.n) / 2 };
  const z = 11;
  const mid = tileOf(center.lon, center.lat, z);
  // 1 280 × 800 px of 512 px tiles around the centre: 2.5 × 1.56 tiles, 4 × 3 to cover it.
  const frame: string[] = [];
  for (let dx = -2; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++) frame.push(`/api/tiles/ventes/${z}/${mid.x + dx}/${mid.y + dy}.pbf?${view}`);
  let bytes = 0;
  let gzip = 0;
  let slowest = 0;
  for (const path of frame) {
    const r = await get(path);
    bytes += r.bytes;
    gzip += r.gzip;
    slowest = Math.max(slowest, r.ms);
  }
  console.info(
    `Premier affichage du département (zoom ${z}, ${frame.length} tuiles) : ${(bytes / 1024).toFixed(0)} Kio (${(gzip / 1024).toFixed(0)} Kio gzip), tuile la plus lente ${slowest.toFixed(0)} ms — ${bytes <= 1024 * 1024 ? 'OK' : 'AU-DESSUS DE 1 Mio'}`,
  );
  const before = await get(`/api/transactions?${view}&format=geojson`);
  console.info(
    `Avant (GeoJSON de /api/transactions, 100 000 points au plus) : ${(before.bytes / 1024 / 1024).toFixed(1)} Mio (${(before.gzip / 1024 / 1024).toFixed(1)} Mio gzip) en ${before.ms.toFixed(0)} ms`,
  );

  async function measure(label: string, extra: string, minZoom: number, maxZoom: number, requests: number, server = api) {
    const random = rng(11);
    const times: number[] = [];
    const byZoom = new Map<number, number[]>();
    let total = 0;
    for (let i = 0; i < requests; i++) {
      const zoom = minZoom + Math.floor(random() * (maxZoom + 1 - minZoom));
      const t = tileOf(BOX.w + random() * (BOX.e - BOX.w), BOX.s + random() * (BOX.n - BOX.s), zoom);
      const year = 2020 + Math.floor(random() * 5);
      const month = 1 + Math.floor(random() * 12);
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const r = await get(
        `/api/tiles/ventes/${t.z}/${t.x}/${t.y}.pbf?bbox=${BOX.w},${BOX.s},${BOX.e},${BOX.n}&from=${from}&to=2024-12-31${extra}`,
        server,
      );
      times.push(r.ms);
      byZoom.set(zoom, [...(byZoom.get(zoom) ?? []), r.ms]);
      total += r.bytes;
    }
    const p95 = quantile(times, 0.95);
    console.info(
      `${label.padEnd(58)} p50 ${quantile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   moyenne ${(total / requests / 1024).toFixed(1)} Kio   ${p95 <= 100 ? 'OK' : 'AU-DESSUS DE 100 ms'}`,
    );
    console.info(
      `  p50/p95 par zoom : ${[...byZoom.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([zoom, ms]) => `z${zoom} ${quantile(ms, 0.5).toFixed(0)}/${quantile(ms, 0.95).toFixed(0)} ms`)
        .join(', ')}`,
    );
  }
  await measure('Tuiles zooms 9–16, mois entiers', '', 9, 16, REQUESTS);
  await measure('Tuiles zooms 9–16, appartements', '&types=appartement', 9, 16, REQUESTS);
  await measure('Tuiles zooms 9–16, maisons vendues (nature vente)', '&types=maison&natures=vente', 9, 16, REQUESTS);
  // A price band needs each sale's price: counted from the sales at every zoom.
  await measure('Tuiles zooms 14–16, prix ≤ 300 000 € (ventes)', '&priceMax=300000', 14, 16, Math.ceil(REQUESTS / 2));
  await measure('Tuiles zooms 9–13, prix ≤ 300 000 € (ventes, hors cible)', '&priceMax=300000', 9, 13, Math.ceil(REQUESTS / 10));
  // The same requests again through the cache: what a second look at the same views costs.
  await measure('Cache : tuiles zooms 9–16, 1er passage', '', 9, 16, REQUESTS, cachedApi);
  await measure('Cache : tuiles zooms 9–16, 2e passage (mêmes tuiles)', '', 9, 16, REQUESTS, cachedApi);
  await cachedApi.close();
  await api.close();
  console.info(
    `charge en fin : ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

onEachEngine('bench_tiles', run).catch((err) => {
  console.error(err);
  process.exit(1);
});

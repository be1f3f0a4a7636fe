/**
 * Latency of the market endpoints on a département-sized DVF on PGlite (issue 5, item 7):
 * the Bondy (raw DGFiP 2022, on its cadastre) and Hendaye (geo-DVF 2019–2023) samples are imported,
 * then copied into the 40 communes of a synthetic département 93 with shifted positions, jittered
 * positions (±100 m) and jittered dates (±1 year), up to ≈ 500 000 DVF lines. Then
 * `GET /api/market/stats` and `GET /api/market/address` are called over HTTP on random communes,
 * periods and points: p50 and p95 are printed (target: p95 ≤ 50 ms).
 *
 *   npm run bench:market -w bench -- [lines=500000] [requests=200]
 *   (or: node --import tsx --import ./server/src/importers/child-register.mjs bench/market-perf.ts)
 */
import { performance } from 'node:perf_hooks';
import { openPglite } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { analyseAddress } from '../server/src/features/market/address.ts';
import { addressRoutes } from '../server/src/features/market/address-routes.ts';
import { marketRoutes } from '../server/src/features/market/routes.ts';
import { importSamples, SAMPLE, SUBSCRIBER, serveRouter } from '../server/src/features/market/test-support.ts';
import { transactionRoutes } from '../server/src/features/transactions/routes.ts';
import { refreshStats } from '../server/src/importers/dvf-stats.ts';
import { quantile } from '../shared/src/market/stats.logic.ts';
import { rng } from './random.ts';

const TARGET_LINES = Number(process.argv[2] ?? 500_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const COMMUNES = 40;

async function main() {
  const t0 = performance.now();
  const db = await openPglite(undefined);
  await migrate(db);
  await importSamples(db, [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.hendayeDvf]);
  const [{ n: baseLines } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dvf_lines');
  const copies = Math.max(1, Math.ceil(TARGET_LINES / baseLines) - 1);
  console.info(
    `Échantillons importés : ${baseLines} lignes DVF ; ${copies} copies à créer (${((performance.now() - t0) / 1000).toFixed(1)} s).`,
  );

  // Copy k goes to commune 93 + (k mod 40), placed on a grid around Bondy, dates shifted ±1 year.
  const t1 = performance.now();
  await db.exec(`
    CREATE TEMP TABLE copies AS
      SELECT k, '93' || lpad(((k % ${COMMUNES}) + 1)::text, 3, '0') AS commune,
             2.30 + (k % 10) * 0.06 AS lon0, 48.80 + ((k / 10) % 12) * 0.03 AS lat0,
             ((k * 7919) % 731) - 365 AS days
        FROM generate_series(1, ${copies}) AS k;
    CREATE TEMP TABLE origin AS
      SELECT id_mutation, longitude - avg(longitude) OVER (PARTITION BY code_commune) AS dlon,
             latitude - avg(latitude) OVER (PARTITION BY code_commune) AS dlat
        FROM dvf_mutations WHERE latitude IS NOT NULL;`);
  await db.exec(`
    INSERT INTO dvf_mutations (id_mutation, origin, date_mutation, numero_disposition, nature_mutation, valeur_fonciere, code_commune,
                               code_departement, nom_commune, code_postal, adresse_numero, adresse_suffixe, adresse_nom_voie, id_parcelle,
                               nb_lignes, nb_locaux, longitude, latitude, import_run_id)
    SELECT m.id_mutation || '#' || c.k, m.origin, m.date_mutation + c.days, m.numero_disposition, m.nature_mutation, m.valeur_fonciere, c.commune,
           '93', m.nom_commune, m.code_postal, m.adresse_numero, m.adresse_suffixe, m.adresse_nom_voie,
           c.commune || substr(m.id_parcelle, 6), m.nb_lignes, m.nb_locaux,
           c.lon0 + o.dlon + (((hashtext(m.id_mutation || c.k) % 1000) / 1000.0) * 0.0013),
           c.lat0 + o.dlat + (((hashtext(c.k || m.id_mutation) % 1000) / 1000.0) * 0.0009), m.import_run_id
      FROM dvf_mutations m JOIN origin o USING (id_mutation) CROSS JOIN copies c;`);
  await db.exec(`
    INSERT INTO dvf_lines (id_mutation, line_no, source_line, numero_disposition, adresse_numero, adresse_suffixe, adresse_nom_voie, adresse_code_voie,
                           code_postal, code_commune, nom_commune, code_departement, id_parcelle, lot1_numero, lot1_surface_carrez, nombre_lots,
                           code_type_local, type_local, surface_reelle_bati, nombre_pieces_principales, code_nature_culture, nature_culture,
                           surface_terrain, longitude, latitude, geo_source)
    SELECT l.id_mutation || '#' || c.k, l.line_no, l.source_line, l.numero_disposition, l.adresse_numero, l.adresse_suffixe, l.adresse_nom_voie,
           l.adresse_code_voie, l.code_postal, c.commune, l.nom_commune, '93', c.commune || substr(l.id_parcelle, 6), l.lot1_numero,
           l.lot1_surface_carrez, l.nombre_lots, l.code_type_local, l.type_local, l.surface_reelle_bati, l.nombre_pieces_principales,
           l.code_nature_culture, l.nature_culture, l.surface_terrain, m.longitude, m.latitude, l.geo_source
      FROM dvf_lines l JOIN copies c ON true JOIN dvf_mutations m ON m.id_mutation = l.id_mutation || '#' || c.k;`);
  await db.exec(`
    INSERT INTO dvf_sales (id_mutation, date_mutation, month, nature_mutation, code_type_local, type_local, valeur_fonciere, surface_reelle_bati,
                           nombre_pieces_principales, prix_m2, code_commune, code_section, code_departement, id_parcelle, adresse, longitude,
                           latitude, within_bounds)
    SELECT m.id_mutation, m.date_mutation, date_trunc('month', m.date_mutation)::date, s.nature_mutation, s.code_type_local, s.type_local,
           s.valeur_fonciere, s.surface_reelle_bati, s.nombre_pieces_principales, s.prix_m2, m.code_commune, left(m.id_parcelle, 10), '93',
           m.id_parcelle, s.adresse, m.longitude, m.latitude, s.within_bounds
      FROM dvf_sales s JOIN copies c ON true JOIN dvf_mutations m ON m.id_mutation = s.id_mutation || '#' || c.k;
    ANALYZE;`);
  // As an import does: the monthly statistics of the communes and the département.
  await db.transaction((tx) =>
    refreshStats(tx, 'SELECT DISTINCT code_commune FROM dvf_sales', 'SELECT DISTINCT code_departement FROM dvf_sales'),
  );
  const [counts] = await db.query<{ lines: number; mutations: number; sales: number }>(
    `SELECT (SELECT count(*) FROM dvf_lines)::int AS lines, (SELECT count(*) FROM dvf_mutations)::int AS mutations, (SELECT count(*) FROM dvf_sales)::int AS sales`,
  );
  console.info(
    `Département synthétique : ${counts?.lines} lignes, ${counts?.mutations} mutations, ${counts?.sales} ventes simples (${((performance.now() - t1) / 1000).toFixed(1)} s).`,
  );

  if (process.env.PROFIL) {
    // Time of each query of one address analysis (PGlite runs them one after the other).
    const query = db.query.bind(db);
    const log: string[] = [];
    db.query = (async (sql: string, params?: readonly unknown[]) => {
      const t = performance.now();
      const r = await query(sql, params);
      log.push(`${(performance.now() - t).toFixed(1).padStart(7)} ms  ${sql.replace(/\s+/g, ' ').slice(0, 100)}`);
      return r;
    }) as typeof db.query;
    const pts = await query<{ lon: number; lat: number }>(
      `SELECT longitude AS lon, latitude AS lat FROM dvf_mutations WHERE latitude IS NOT NULL LIMIT 3 OFFSET 1000`,
    );
    for (const p of pts) {
      log.length = 0;
      await analyseAddress(db, { lon: p.lon, lat: p.lat, radius: 500 }, '2026-11-21');
    }
    console.info(log.join('\n'));
    db.query = query;
  }

  const market = await serveRouter(marketRoutes({ db }), SUBSCRIBER);
  const address = await serveRouter(addressRoutes({ db }), SUBSCRIBER);
  const points = await db.query<{ lon: number; lat: number }>(
    `SELECT longitude AS lon, latitude AS lat FROM dvf_mutations WHERE latitude IS NOT NULL AND code_departement = '93' ORDER BY id_mutation LIMIT 5000`,
  );
  const random = rng(93);

  async function measure(label: string, url: () => string): Promise<void> {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 20; i++) {
      const u = url();
      const t = performance.now();
      const res = await fetch(u.startsWith('/api/market/address') ? `${address.url}${u}` : `${market.url}${u}`);
      if (!res.ok) throw new Error(`${u} → ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (i >= 20) times.push(performance.now() - t);
    }
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    console.info(
      `${label.padEnd(58)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${p95 <= 50 ? 'OK' : 'AU-DESSUS DE 50 ms'}`,
    );
  }

  const commune = () => `93${String(1 + Math.floor(random() * COMMUNES)).padStart(3, '0')}`;
  const year = () => 2019 + Math.floor(random() * 5);
  console.info(`\n${REQUESTS} requêtes par cas (après 20 de chauffe), PGlite, une à la fois :`);
  await measure('GET /api/market/stats (commune, une année)', () => {
    const y = year();
    return `/api/market/stats?insee=${commune()}&from=${y}-01-01&to=${y}-12-31`;
  });
  await measure(
    'GET /api/market/stats (commune, 5 ans, 3 types)',
    () => `/api/market/stats?insee=${commune()}&from=2019-01-01&to=2023-12-31&types=maison,appartement,local`,
  );
  await measure('GET /api/market/stats (rayon 500 m, 2 ans)', () => {
    const p = points[Math.floor(random() * points.length)] as { lon: number; lat: number };
    return `/api/market/stats?lat=${p.lat}&lon=${p.lon}&radius=500&from=2021-01-01&to=2022-12-31`;
  });
  await measure('GET /api/market/address (point au hasard, rayon 500 m)', () => {
    const p = points[Math.floor(random() * points.length)] as { lon: number; lat: number };
    return `/api/market/address?lat=${p.lat}&lon=${p.lon}`;
  });
  // The transactions map: every sale of the département's map view, clustered by MapLibre in the browser.
  const transactions = await serveRouter(transactionRoutes({ db }), SUBSCRIBER);
  const bbox = await db.query<{ w: number; s: number; e: number; n: number }>(
    `SELECT min(longitude) AS w, min(latitude) AS s, max(longitude) AS e, max(latitude) AS n FROM dvf_mutations WHERE code_departement = '93'`,
  );
  const box = bbox[0] as { w: number; s: number; e: number; n: number };
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await fetch(`${transactions.url}/api/transactions?format=geojson&bbox=${box.w},${box.s},${box.e},${box.n}`);
    const body = (await res.json()) as { total: number; features: unknown[] };
    const bytes = JSON.stringify(body).length;
    console.info(
      `GET /api/transactions?format=geojson (vue du département) : ${body.features.length} points sur ${body.total}, ${(bytes / 1e6).toFixed(1)} Mo de JSON, ${(performance.now() - t).toFixed(0)} ms`,
    );
  }
  await transactions.close();
  await market.close();
  await address.close();
  await db.close();
}

await main();

/**
 * Set-based merge of a staged DVF file. One file replaces the (commune, year) pairs it covers, so a
 * re-import changes nothing and a corrected release replaces the previous one. Raw DGFiP lines are
 * geolocated at the centroid of their parcel when it is known (current or history); the others stay,
 * without coordinates, and are counted. Then the sales kept for statistics, the map points and cells
 * and the monthly statistics of those (commune, year) pairs are recomputed (with their sections and
 * départements); the other years stay as they are.
 */

import type { Queryable } from '../db/client.js';
import { BULK_RATIO, estimatedRows, withIndexesDeferred } from './bulk-indexes.js';
import type { DvfScope } from './dvf-scope.js';
import { boundsDiffer, reapplyBounds, refreshSales, refreshStats } from './dvf-stats.js';
import type { MergeContext, MergeResult } from './importer.js';
import { emitImportEvent } from './refresh.js';

const LINE_COLUMNS = `numero_disposition, adresse_numero, adresse_suffixe, adresse_nom_voie, adresse_code_voie, code_postal,
  code_commune, nom_commune, code_departement, ancien_code_commune, ancien_nom_commune, id_parcelle, ancien_id_parcelle,
  numero_volume, lot1_numero, lot1_surface_carrez, lot2_numero, lot2_surface_carrez, lot3_numero, lot3_surface_carrez,
  lot4_numero, lot4_surface_carrez, lot5_numero, lot5_surface_carrez, nombre_lots, code_type_local, type_local,
  identifiant_local, surface_reelle_bati, nombre_pieces_principales, code_nature_culture, nature_culture,
  code_nature_culture_speciale, nature_culture_speciale, surface_terrain`;

/** Columns of `dvf_lines` and `dvf_mutations` that joins and conditions use: the ones analysed after a merge. */
const DVF_LINES_ANALYZED = [
  'id_mutation',
  'line_no',
  'code_commune',
  'id_parcelle',
  'code_type_local',
  'surface_reelle_bati',
  'nombre_pieces_principales',
];
const DVF_MUTATIONS_ANALYZED = [
  'id_mutation',
  'code_commune',
  'code_departement',
  'date_mutation',
  'nature_mutation',
  'valeur_fonciere',
  'latitude',
  'longitude',
  'id_parcelle',
  'import_run_id',
];

export async function mergeDvf(tx: Queryable, stage: string, origin: 'geo-dvf' | 'dgfip', ctx: MergeContext): Promise<MergeResult> {
  // A file at least as big as what is stored (a first load, a département): indexes built once.
  const bulk = (await estimatedRows(tx, stage)) >= BULK_RATIO * (await estimatedRows(tx, 'dvf_lines'));
  await withIndexesDeferred(tx, ['dvf_lines', 'dvf_mutations'], bulk, () => replaceLines(tx, stage, origin, ctx));
  // PGlite has no autovacuum: fresh planner statistics for the set-based refreshes that follow and
  // the product's queries, on the columns they join and filter on — the payload columns (addresses,
  // lots, cultures) would triple the time of an ANALYZE and guide no plan (decision 0850).
  await tx.exec(`ANALYZE dvf_lines (${DVF_LINES_ANALYZED.join(', ')}); ANALYZE dvf_mutations (${DVF_MUTATIONS_ANALYZED.join(', ')});`);

  // Only the (commune, year) pairs the file replaced are recomputed: the other years of its
  // communes keep their sales, points, cells and statistics.
  const scope: DvfScope = {
    communes: 'SELECT code_commune FROM dvf_merge_years',
    years: 'SELECT code_commune, year FROM dvf_merge_years',
    changed: { replaced: 'SELECT id_mutation FROM dvf_merge_ids', lines: 'dvf_merge_lines' },
  };
  const boundsChanged = await boundsDiffer(tx, ctx.bounds);
  const sales = await withIndexesDeferred(tx, ['dvf_sales'], bulk, () => refreshSales(tx, scope, ctx.bounds));
  await emitImportEvent(tx, 'salesChanged', { scope, bulk });
  // New plausibility bounds apply to every sale, so every statistic is recomputed with them.
  const stats = boundsChanged
    ? await reapplyBounds(tx, ctx.bounds)
    : await refreshStats(tx, scope, {
        departements: 'SELECT code_departement FROM dvf_merge_years',
        years: 'SELECT code_departement, year FROM dvf_merge_years',
      });

  const [c] = await tx.query<{
    lines: number;
    mutations: number;
    geolocated_file: number;
    geolocated_parcel: number;
    not_geolocated: number;
    first: string | null;
    last: string | null;
    communes: number;
  }>(
    `SELECT count(*)::int AS lines, count(DISTINCT l.id_mutation)::int AS mutations,
            count(*) FILTER (WHERE l.geo_source = 'fichier')::int AS geolocated_file,
            count(*) FILTER (WHERE l.geo_source = 'centroide-parcelle')::int AS geolocated_parcel,
            count(*) FILTER (WHERE l.geo_source IS NULL)::int AS not_geolocated,
            (SELECT min(date_mutation)::text FROM ${stage}) AS first, (SELECT max(date_mutation)::text FROM ${stage}) AS last,
            (SELECT count(DISTINCT code_commune)::int FROM ${stage}) AS communes
       FROM dvf_merge_lines l`,
  );
  return {
    vintage: c?.first && c.last ? `${c.first} – ${c.last}` : null,
    summary: {
      lines: c?.lines ?? 0,
      mutations: c?.mutations ?? 0,
      communes: c?.communes ?? 0,
      geolocatedFromFile: c?.geolocated_file ?? 0,
      geolocatedAtParcelCentroid: c?.geolocated_parcel ?? 0,
      notGeolocated: c?.not_geolocated ?? 0,
      firstMutation: c?.first ?? null,
      lastMutation: c?.last ?? null,
      salesForStatistics: sales,
      statisticRows: stats,
    },
  };
}

/** Deletes the (commune, year) pairs the file covers, then inserts the file's lines and mutations. */
async function replaceLines(tx: Queryable, stage: string, origin: 'geo-dvf' | 'dgfip', ctx: MergeContext): Promise<void> {
  await tx.exec(`
    CREATE INDEX ON ${stage} (id_mutation, source_line);
    CREATE TEMP TABLE dvf_merge_scope ON COMMIT DROP AS
      SELECT DISTINCT code_commune, date_trunc('year', date_mutation::timestamp)::date AS year FROM ${stage};
    CREATE TEMP TABLE dvf_merge_ids ON COMMIT DROP AS
      SELECT m.id_mutation FROM dvf_mutations m
        JOIN dvf_merge_scope s ON s.code_commune = m.code_commune
         AND m.date_mutation >= s.year AND m.date_mutation < (s.year + interval '1 year')
      UNION SELECT id_mutation FROM ${stage};
    -- The (commune, département, year) triples whose data change: the file's, and those of the
    -- mutations it replaces (an id the file moves to another commune or year leaves a gap there).
    CREATE TEMP TABLE dvf_merge_years ON COMMIT DROP AS
      SELECT code_commune, code_departement, date_trunc('year', date_mutation::timestamp)::date AS year FROM ${stage}
      UNION SELECT m.code_commune, m.code_departement, date_trunc('year', m.date_mutation::timestamp)::date
              FROM dvf_mutations m JOIN dvf_merge_ids USING (id_mutation);
    ANALYZE dvf_merge_years;
    DELETE FROM dvf_lines WHERE id_mutation IN (SELECT id_mutation FROM dvf_merge_ids);
    DELETE FROM dvf_mutations WHERE id_mutation IN (SELECT id_mutation FROM dvf_merge_ids);
  `);

  // The lines as they will be stored (rank in the mutation, coordinates of the file or of the
  // parcel's centroid), computed once for both inserts below.
  await tx.exec(`
    CREATE TEMP TABLE dvf_merge_lines ON COMMIT DROP AS
    SELECT s.*, row_number() OVER (PARTITION BY s.id_mutation ORDER BY s.source_line) AS line_no,
           coalesce(s.longitude, p.centroid_lon) AS lon, coalesce(s.latitude, p.centroid_lat) AS lat,
           CASE WHEN s.longitude IS NOT NULL THEN 'fichier' WHEN p.id IS NOT NULL THEN 'centroide-parcelle' END AS geo_source,
           -- Whole-mutation figures, on the same sort as the rank: the mutation insert below needs no
           -- further grouping, sort or join of its own but for the few mutations whose first address
           -- or position is not on their first line.
           count(*) OVER m AS nb_lignes,
           min(s.source_line) FILTER (WHERE s.adresse_nom_voie IS NOT NULL) OVER m AS address_line,
           min(s.source_line) FILTER (WHERE coalesce(s.latitude, p.centroid_lat) IS NOT NULL) OVER m AS position_line
      FROM ${stage} s LEFT JOIN parcels p ON p.id = s.id_parcelle
    WINDOW m AS (PARTITION BY s.id_mutation);
    ANALYZE dvf_merge_lines (id_mutation, line_no, code_type_local);
    INSERT INTO dvf_lines (id_mutation, line_no, source_line, ${LINE_COLUMNS}, longitude, latitude, geo_source)
    SELECT id_mutation, line_no, source_line, ${LINE_COLUMNS}, lon, lat, geo_source FROM dvf_merge_lines;
  `);

  // Mutation level: the first line's fields, the first address and the first position found.
  await tx.query(
    `INSERT INTO dvf_mutations (id_mutation, origin, date_mutation, numero_disposition, nature_mutation, valeur_fonciere,
                                code_commune, code_departement, nom_commune, code_postal, adresse_numero, adresse_suffixe,
                                adresse_nom_voie, id_parcelle, nb_lignes, nb_locaux, longitude, latitude, import_run_id)
     SELECT f.id_mutation, $1, f.date_mutation, f.numero_disposition, f.nature_mutation, f.valeur_fonciere,
            f.code_commune, f.code_departement, f.nom_commune, f.code_postal,
            CASE WHEN f.address_line = f.source_line THEN f.adresse_numero ELSE a.adresse_numero END,
            CASE WHEN f.address_line = f.source_line THEN f.adresse_suffixe ELSE a.adresse_suffixe END,
            CASE WHEN f.address_line = f.source_line THEN f.adresse_nom_voie ELSE a.adresse_nom_voie END,
            f.id_parcelle, f.nb_lignes, coalesce(k.nb_locaux, 0),
            CASE WHEN f.position_line = f.source_line THEN f.lon ELSE g.lon END,
            CASE WHEN f.position_line = f.source_line THEN f.lat ELSE g.lat END, $2
       FROM dvf_merge_lines f
       LEFT JOIN (SELECT id_mutation, count(*)::int AS nb_locaux
                    FROM (SELECT DISTINCT id_mutation, code_type_local, surface_reelle_bati, nombre_pieces_principales
                            FROM dvf_merge_lines WHERE code_type_local IN (1, 2, 4)) d
                   GROUP BY id_mutation) k ON k.id_mutation = f.id_mutation
       LEFT JOIN (SELECT id_mutation, source_line, adresse_numero, adresse_suffixe, adresse_nom_voie
                    FROM dvf_merge_lines WHERE line_no > 1 AND source_line = address_line) a ON a.id_mutation = f.id_mutation
       LEFT JOIN (SELECT id_mutation, lon, lat FROM dvf_merge_lines WHERE line_no > 1 AND source_line = position_line) g
              ON g.id_mutation = f.id_mutation
      WHERE f.line_no = 1`,
    [origin, ctx.runId],
  );
}

/**
 * Geolocates again, at their parcel's centroid, the DVF lines of the given communes that have no
 * coordinates of their own (after a cadastre import), then their mutations and sales.
 * Returns the number of lines whose position changed.
 */
export async function refreshDvfGeolocation(tx: Queryable, communesSql: string): Promise<number> {
  const changed = await tx.query<{ n: number }>(
    `WITH u AS (
       UPDATE dvf_lines l SET longitude = p.centroid_lon, latitude = p.centroid_lat, geo_source = 'centroide-parcelle'
         FROM parcels p
        WHERE p.id = l.id_parcelle AND l.code_commune IN (${communesSql})
          AND (l.geo_source IS NULL OR l.geo_source = 'centroide-parcelle')
          AND (l.longitude IS DISTINCT FROM p.centroid_lon OR l.latitude IS DISTINCT FROM p.centroid_lat)
        RETURNING l.id_mutation)
     SELECT count(*)::int AS n FROM u`,
  );
  const n = changed[0]?.n ?? 0;
  if (n === 0) return 0;
  await tx.exec(`
    UPDATE dvf_mutations m SET longitude = g.longitude, latitude = g.latitude
      FROM (SELECT DISTINCT ON (id_mutation) id_mutation, longitude, latitude FROM dvf_lines
             WHERE latitude IS NOT NULL AND code_commune IN (${communesSql}) ORDER BY id_mutation, line_no) g
     WHERE g.id_mutation = m.id_mutation
       AND (m.longitude IS DISTINCT FROM g.longitude OR m.latitude IS DISTINCT FROM g.latitude);
    UPDATE dvf_sales s SET longitude = coalesce(l.longitude, m.longitude), latitude = coalesce(l.latitude, m.latitude)
      FROM dvf_mutations m
      LEFT JOIN LATERAL (SELECT longitude, latitude FROM dvf_lines x
                          WHERE x.id_mutation = m.id_mutation AND x.code_type_local IN (1, 2, 4)
                          ORDER BY x.line_no LIMIT 1) l ON true
     WHERE m.id_mutation = s.id_mutation AND m.code_commune IN (${communesSql});
  `);
  await emitImportEvent(tx, 'salesChanged', { scope: communesSql, bulk: false });
  return n;
}

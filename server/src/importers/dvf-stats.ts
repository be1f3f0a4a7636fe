/**
 * METHODOLOGY §1 in SQL, set-based: the sales kept for statistics (`dvf_sales`) and the monthly
 * €/m² statistics per commune, section and département (`dvf_stats_monthly`). The same rules are
 * written in TypeScript in `shared/src/market/mutation.logic.ts`; `dvf-stats.test.ts` checks that
 * both keep the same sales and give the same figures on the Bondy sample.
 *
 * Rules 1–5 decide which mutations enter `dvf_sales`; rule 6 (plausibility bounds, from the
 * configuration) only sets `within_bounds`, so that the bounds can change without a re-import.
 */
import type { PlausibilityBounds } from '@immoloupe/shared/market/mutation.logic';
import { PRICE_PER_M2_HARD_LIMIT } from '@immoloupe/shared/market/mutation.logic';
import type { Queryable } from '../db/client.js';
import { type DvfScope, dvfScope, inScopeSql } from './dvf-scope.js';

/**
 * Natures kept (rule 2), compared without accents, case or typographic apostrophes, as `natureOf`
 * does. Folded once per distinct spelling of the communes' mutations (a handful), not once per
 * sale: unaccent on every row was a third of the insert's time.
 */
function keptNaturesSql(scope: DvfScope): string {
  const natures = scope.changed
    ? `SELECT DISTINCT nature_mutation AS n FROM ${scope.changed.lines}`
    : `SELECT DISTINCT nature_mutation AS n FROM dvf_mutations m WHERE ${inScopeSql(scope, 'm.code_commune', 'm.date_mutation')}`;
  // OFFSET 0: the fold must not be pushed below the DISTINCT, onto every mutation.
  return `SELECT n FROM (${natures} OFFSET 0) d
           WHERE lower(immutable_unaccent(replace(n, '’', ''''))) IN ('vente', 'vente en l''etat futur d''achevement', 'adjudication')`;
}

function boundsParams(b: PlausibilityBounds): (number | null)[] {
  return [
    b.price.min,
    b.price.max,
    b.surface.maison?.min ?? null,
    b.surface.maison?.max ?? null,
    b.surface.appartement?.min ?? null,
    b.surface.appartement?.max ?? null,
    b.surface.local?.min ?? null,
    b.surface.local?.max ?? null,
    b.pricePerM2.min,
    b.pricePerM2.max,
  ];
}

/** SQL of rule 6 over `price`, `surface`, `code`, `ppm` expressions; the 10 `boundsParams` start at $`first`. */
function withinBoundsSql(price: string, surface: string, code: string, ppm: string, first: number): string {
  const p = (i: number) => `$${first + i}::numeric`;
  const range = (v: string, lo: number) => `(${p(lo)} IS NULL OR ${v} >= ${p(lo)}) AND (${p(lo + 1)} IS NULL OR ${v} <= ${p(lo + 1)})`;
  return `(${price} BETWEEN ${p(0)} AND ${p(1)}
    AND CASE ${code} WHEN 1 THEN ${range(surface, 2)} WHEN 2 THEN ${range(surface, 4)} ELSE ${range(surface, 6)} END
    AND ${ppm} BETWEEN ${p(8)} AND ${p(9)})`;
}

/**
 * Recomputes `dvf_sales` for the mutations of the scope (or of the communes of a query returning
 * `code_commune`); with `scope.changed`, for the mutations it replaced only. Returns the number of
 * sales inserted.
 */
export async function refreshSales(tx: Queryable, scopeOrCommunes: DvfScope | string, bounds: PlausibilityBounds): Promise<number> {
  const scope = dvfScope(scopeOrCommunes);
  const { changed } = scope;
  await tx.exec(
    changed
      ? `DELETE FROM dvf_sales WHERE id_mutation IN (${changed.replaced})`
      : `DELETE FROM dvf_sales s WHERE ${inScopeSql(scope, 's.code_commune', 's.month')}`,
  );
  // The lines of the mutations to recompute, each with its stored position.
  const lines = changed
    ? { from: `${changed.lines} l`, where: 'true', lon: 'l.lon', lat: 'l.lat' }
    : { from: 'dvf_lines l', where: inScopeSql(scope, 'm.code_commune', 'm.date_mutation'), lon: 'l.longitude', lat: 'l.latitude' };
  const rows = await tx.query<{ n: number }>(
    `WITH single AS (
       -- Distinct built locals of each mutation, then the mutations that have exactly one (rule 4);
       -- the mutation's own fields carried along, so that it is joined once.
       SELECT * FROM (
         SELECT d.*, count(*) OVER (PARTITION BY d.id_mutation) AS n_locaux FROM (
           SELECT DISTINCT ON (l.id_mutation, l.code_type_local, l.surface_reelle_bati, l.nombre_pieces_principales)
                  l.id_mutation, l.code_type_local, l.type_local, l.surface_reelle_bati, l.nombre_pieces_principales,
                  l.id_parcelle, l.adresse_numero, l.adresse_suffixe, l.adresse_nom_voie,
                  ${lines.lon} AS longitude, ${lines.lat} AS latitude,
                  m.date_mutation, m.nature_mutation, m.valeur_fonciere, m.code_commune, m.code_departement,
                  m.longitude AS m_longitude, m.latitude AS m_latitude
             FROM ${lines.from}
             JOIN dvf_mutations m ON m.id_mutation = l.id_mutation
            WHERE ${lines.where} AND l.code_type_local IN (1, 2, 4)
            ORDER BY l.id_mutation, l.code_type_local, l.surface_reelle_bati, l.nombre_pieces_principales, l.line_no
         ) d
       ) w WHERE n_locaux = 1
     ), kept AS (
       INSERT INTO dvf_sales (id_mutation, date_mutation, month, nature_mutation, code_type_local, type_local, valeur_fonciere,
                              surface_reelle_bati, nombre_pieces_principales, prix_m2, code_commune, code_section, code_departement,
                              id_parcelle, adresse, longitude, latitude, within_bounds)
       SELECT m.id_mutation, m.date_mutation, date_trunc('month', m.date_mutation)::date, m.nature_mutation, m.code_type_local,
              m.type_local, m.valeur_fonciere, m.surface_reelle_bati, m.nombre_pieces_principales,
              m.valeur_fonciere / m.surface_reelle_bati, m.code_commune, left(m.id_parcelle, 10), m.code_departement, m.id_parcelle,
              nullif(concat_ws(' ', m.adresse_numero, m.adresse_suffixe, m.adresse_nom_voie), ''),
              coalesce(m.longitude, m.m_longitude), coalesce(m.latitude, m.m_latitude),
              ${withinBoundsSql('m.valeur_fonciere', 'm.surface_reelle_bati', 'm.code_type_local', '(m.valeur_fonciere / m.surface_reelle_bati)', 2)}
         FROM single m
        WHERE m.nature_mutation IN (${keptNaturesSql(scope)})
          AND m.valeur_fonciere > 0 AND m.surface_reelle_bati > 0
          AND m.valeur_fonciere / m.surface_reelle_bati < $1::numeric
       RETURNING 1)
     SELECT count(*)::int AS n FROM kept`,
    [PRICE_PER_M2_HARD_LIMIT, ...boundsParams(bounds)],
  );
  // Not `type_local` or `adresse`: text nobody filters on, half the time of the ANALYZE.
  await tx.exec(
    `ANALYZE dvf_sales (id_mutation, date_mutation, month, nature_mutation, code_type_local, valeur_fonciere, surface_reelle_bati,
       nombre_pieces_principales, prix_m2, code_commune, code_section, code_departement, id_parcelle, longitude, latitude, within_bounds)`,
  );
  await tx.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ('dvf_stats_bounds', $1, now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = CASE WHEN app_settings.value = excluded.value THEN app_settings.updated_at ELSE now() END`,
    [JSON.stringify(bounds)],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Recomputes the monthly statistics of the scope's communes (and their sections) and of the given
 * départements (`departements.years`, a query returning `code_departement, year`, limits them to
 * those years, as `scope.years` does for the communes), from the sales within bounds. Returns the
 * number of statistic rows written.
 */
export async function refreshStats(
  tx: Queryable,
  scopeOrCommunes: DvfScope | string,
  departementsOrSql: { departements: string; years?: string } | string,
): Promise<number> {
  const scope = dvfScope(scopeOrCommunes);
  const deps = typeof departementsOrSql === 'string' ? { departements: departementsOrSql } : departementsOrSql;
  const depScope: DvfScope = { communes: deps.departements, ...(deps.years ? { years: deps.years } : {}) };
  // Every year refreshed is one of the scope's or the départements' (a section's are its sales'), so
  // the sales read start at the first of them: a département's latest year is then read through
  // the indexes by (commune or département, month) instead of every sale of the département
  // (decision 0850).
  const first =
    scope.years && deps.years
      ? `least((SELECT min(year) FROM (${scope.years}) a(code, year)), (SELECT min(year) FROM (${deps.years}) b(code, year)))`
      : null;
  const since = (month: string) => (first ? `AND ${month} >= ${first}` : '');
  // A section's statistics are those of every sale of the section, whatever its commune: a
  // « commune nouvelle » sells parcels still numbered in its former communes, whose sections then
  // hold sales of both codes. The sections refreshed are those of the scope's sales, and those
  // already counted for its communes (a section whose last sale went).
  await tx.exec(`
    DROP TABLE IF EXISTS dvf_stats_sections;
    CREATE TEMP TABLE dvf_stats_sections AS
      SELECT DISTINCT s.code_section AS code, date_trunc('year', s.month::timestamp)::date AS year FROM dvf_sales s
       WHERE ${inScopeSql(scope, 's.code_commune', 's.month')} ${since('s.month')} AND s.code_section IS NOT NULL
      UNION SELECT code, date_trunc('year', month::timestamp)::date FROM dvf_stats_monthly
       WHERE level = 'section' AND ${inScopeSql(scope, 'left(code, 5)', 'month')} ${since('month')};
    ANALYZE dvf_stats_sections;
    DELETE FROM dvf_stats_monthly
      WHERE (level = 'commune' AND ${inScopeSql(scope, 'code', 'month')})
         OR (level = 'section' AND (code, date_trunc('year', month::timestamp)::date) IN (SELECT code, year FROM dvf_stats_sections))
         OR (level = 'departement' AND ${inScopeSql(depScope, 'code', 'month')});`);
  // The sales are hashed into their groups, then each group's few values sorted for its quartiles:
  // sorting all the (level, code, type, month) rows at once took twice as long (decision 0850).
  // The planner picks that one big sort whenever it may, hence `enable_sort` off for this statement.
  // One pass over the sales feeds the six groupings (three levels, each by type and by the
  // « maison_appartement » pair) as grouping sets, where a row per sale, level and type was made
  // first (5,4 M rows for a département of 900 000 sales). A sale outside the communes or the
  // départements refreshed has a NULL key at that level, and its groups are dropped.
  await tx.exec('SET LOCAL enable_sort = off');
  const rows = await tx.query<{ n: number }>(
    `WITH w AS (
       INSERT INTO dvf_stats_monthly (level, code, type, month, n, median, mean, q1, q3)
       SELECT level, code, type, month, n, q[2]::numeric, mean, q[1]::numeric, q[3]::numeric
         FROM (
       SELECT CASE WHEN GROUPING(commune) = 0 THEN 'commune' WHEN GROUPING(section) = 0 THEN 'section' ELSE 'departement' END AS level,
              coalesce(commune, section, departement) AS code,
              CASE WHEN GROUPING(type) = 0 THEN type ELSE pair END AS type,
              month, count(*)::int AS n, avg(prix_m2) AS mean, array_agg(prix_m2::float8) AS vals
         FROM (
           SELECT s.month, s.prix_m2,
                  CASE s.code_type_local WHEN 1 THEN 'maison' WHEN 2 THEN 'appartement' ELSE 'local' END AS type,
                  CASE WHEN s.code_type_local IN (1, 2) THEN 'maison_appartement' END AS pair,
                  CASE WHEN c.local THEN s.code_commune END AS commune,
                  CASE WHEN c.section THEN s.code_section END AS section,
                  CASE WHEN c.departement THEN s.code_departement END AS departement
             FROM dvf_sales s
            CROSS JOIN LATERAL (SELECT ${inScopeSql(scope, 's.code_commune', 's.month')} AS local,
                                       (s.code_section, date_trunc('year', s.month::timestamp)::date) IN (SELECT code, year FROM dvf_stats_sections) AS section,
                                       ${inScopeSql(depScope, 's.code_departement', 's.month')} AS departement) c
            -- The département first: its index narrows a whole country's sales to the few it refreshes.
            WHERE s.within_bounds AND s.code_departement IN (${deps.departements}) ${since('s.month')}
              AND (c.local OR c.section OR c.departement)
            -- Not flattened: each sale's tests are computed once, not again in each grouping key.
            OFFSET 0
         ) x
        GROUP BY GROUPING SETS ((commune, type, month), (commune, pair, month), (section, type, month), (section, pair, month),
                                (departement, type, month), (departement, pair, month))) g
        -- Lateral: computed once per group (as a subquery in the select list it ran for each quartile).
        CROSS JOIN LATERAL (SELECT percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY v) AS q FROM unnest(g.vals) AS v) p
        WHERE g.code IS NOT NULL AND g.type IS NOT NULL
       RETURNING 1)
     SELECT count(*)::int AS n FROM w`,
  );
  await tx.exec('SET LOCAL enable_sort = on; DROP TABLE dvf_stats_sections');
  return rows[0]?.n ?? 0;
}

/** Whether `bounds` differ from those the sales were last refreshed with (none recorded: no). */
export async function boundsDiffer(tx: Queryable, bounds: PlausibilityBounds): Promise<boolean> {
  const [row] = await tx.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'dvf_stats_bounds'`);
  return row !== undefined && row.value !== JSON.stringify(bounds);
}

/**
 * Applies new bounds to every sale and recomputes every statistic (after a configuration change).
 * Returns the number of statistic rows written.
 */
export async function reapplyBounds(tx: Queryable, bounds: PlausibilityBounds): Promise<number> {
  await tx.query(
    `UPDATE dvf_sales SET within_bounds = ${withinBoundsSql('valeur_fonciere', 'surface_reelle_bati', 'code_type_local', 'prix_m2', 1)}`,
    boundsParams(bounds),
  );
  return refreshStats(tx, 'SELECT DISTINCT code_commune FROM dvf_sales', 'SELECT DISTINCT code_departement FROM dvf_sales');
}

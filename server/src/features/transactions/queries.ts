/**
 * SQL of the transactions list, map points, CSV export and mutation detail, over `dvf_mutations`
 * and `dvf_lines` (docs/data-model.md). The place and period narrow the mutations first through
 * indexes (commune + date, parcel, GiST on point(longitude, latitude)); then each kept mutation gets its facts
 * (types, built surface and rooms of its distinct locals, land surface) for the other filters.
 */

import { TYPE_CODES } from '@immoloupe/shared/market/dvf';
import type {
  TransactionFilter,
  TransactionPlace,
  TransactionSort,
  TransactionType,
} from '@immoloupe/shared/market/transactions-contracts';
import type { Queryable } from '../../db/client.js';
import { natureLabels, zoneClause } from '../../db/dvf-sales.js';
import { Params } from '../../db/params.js';
import { inBoxSql } from '../../db/spatial.js';
import { columnsOf, zoneWhere } from '../zone/index.js';

const TYPE_CODE: Record<Exclude<TransactionType, 'terrain'>, number> = { ...TYPE_CODES, dependance: 3 };

/** A place of the API, or given mutations (the detail of one sale). */
type Place = TransactionPlace | { kind: 'ids'; ids: string[] };

function placeClause(p: Params, place: Place): string {
  switch (place.kind) {
    case 'ids':
      return `m.id_mutation = ANY(${p.add(place.ids)}::text[])`;
    case 'communes':
    case 'radius':
      return zoneClause(p, 'm', place);
    case 'sections':
      // Parcel ids of a section share its 10 first characters and end with 4 digits: a range
      // on the parcel index, whatever the collation.
      return `m.id_mutation IN (SELECT l.id_mutation FROM dvf_lines l JOIN unnest(${p.add(place.sections)}::text[]) AS sec(code)
                 ON l.id_parcelle BETWEEN sec.code || '0000' AND sec.code || '9999')`;
    case 'territory':
      return zoneWhere(p, columnsOf('m', 'code_commune', 'code_postal'), place);
    case 'parcels':
      return `m.id_mutation IN (SELECT l.id_mutation FROM dvf_lines l WHERE l.id_parcelle = ANY(${p.add(place.parcels)}::text[]))`;
    case 'bbox': {
      const [w, s, e, n] = place.bbox;
      return `${boxPrefilter(p, w, s, e, n)} AND m.longitude BETWEEN ${p.add(w)} AND ${p.add(e)} AND m.latitude BETWEEN ${p.add(s)} AND ${p.add(n)}`;
    }
    case 'polygon': {
      const lons = place.polygon.map((c) => c[0]);
      const lats = place.polygon.map((c) => c[1]);
      const poly = `(${place.polygon.map(([x, y]) => `(${x},${y})`).join(',')})`;
      return `${boxPrefilter(p, Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats))}
              AND point(m.longitude, m.latitude) <@ ${p.add(poly)}::polygon`;
    }
  }
}

/** The box through the GiST index on point(longitude, latitude), before the exact test. */
function boxPrefilter(p: Params, w: number, s: number, e: number, n: number): string {
  return inBoxSql((v) => p.add(v), 'm.longitude', 'm.latitude', [w, s, e, n]);
}

/** Facts of a mutation `m` from its lines: types, built surface and rooms of its distinct locals, land surface. */
const FACTS_LATERAL = `CROSS JOIN LATERAL (
        SELECT coalesce((SELECT array_agg(DISTINCT l.code_type_local ORDER BY l.code_type_local) FROM dvf_lines l
                          WHERE l.id_mutation = m.id_mutation AND l.code_type_local IS NOT NULL), '{}') AS type_codes,
               (SELECT sum(d.s) FROM (SELECT DISTINCT l.code_type_local, l.surface_reelle_bati AS s, l.nombre_pieces_principales
                                        FROM dvf_lines l WHERE l.id_mutation = m.id_mutation AND l.code_type_local IN (1, 2, 4)) d) AS surface,
               (SELECT sum(d.r) FROM (SELECT DISTINCT l.code_type_local, l.surface_reelle_bati, l.nombre_pieces_principales AS r
                                        FROM dvf_lines l WHERE l.id_mutation = m.id_mutation AND l.code_type_local IN (1, 2, 4)) d) AS rooms,
               (SELECT sum(d.t) FROM (SELECT DISTINCT l.id_parcelle, l.code_nature_culture, l.surface_terrain AS t
                                        FROM dvf_lines l WHERE l.id_mutation = m.id_mutation AND l.surface_terrain > 0) d) AS land
      ) x`;

const MUTATION_COLUMNS = `m.id_mutation, m.date_mutation, m.nature_mutation, m.valeur_fonciere, m.code_commune, m.nom_commune, m.code_postal,
           m.adresse_numero, m.adresse_suffixe, m.adresse_nom_voie, m.id_parcelle, m.longitude, m.latitude, m.nb_locaux`;
const FACT_COLUMNS = 'x.type_codes, x.surface, x.rooms, x.land, m.valeur_fonciere / nullif(x.surface, 0) AS prix_m2';

/** Does the filter (or the sort) need the facts of every candidate mutation, or only of the rows shown? */
function needsFacts(f: Partial<TransactionFilter>, sort?: TransactionSort): boolean {
  return (
    f.types !== undefined ||
    [f.surfaceMin, f.surfaceMax, f.roomsMin, f.roomsMax, f.ppm2Min, f.ppm2Max].some((v) => v !== undefined) ||
    sort === 'surface' ||
    sort === 'prix_m2'
  );
}

/**
 * The filtered mutations as a CTE named `f`; with `withFacts`, each row carries its facts (needed
 * to filter or sort on them), else they are joined later on the rows shown only.
 */
function filteredCte(p: Params, f: Partial<TransactionFilter>, place: Place, withFacts = true, runs?: ImportWindow): string {
  const where = [placeClause(p, place)];
  if (runs) where.push(importWindowClause(p, 'm', 'id_mutation', 'dvf', runs));
  if (f.from) where.push(`m.date_mutation >= ${p.add(f.from)}::date`);
  if (f.to) where.push(`m.date_mutation <= ${p.add(f.to)}::date`);
  if (f.natures) where.push(`m.nature_mutation = ANY(${p.add(natureLabels(f.natures))}::text[])`);
  const band = (expr: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) where.push(`${expr} >= ${p.add(min)}`);
    if (max !== undefined) where.push(`${expr} <= ${p.add(max)}`);
  };
  band('m.valeur_fonciere', f.priceMin, f.priceMax);
  if (withFacts) {
    if (f.types) {
      const codes = f.types.filter((t) => t !== 'terrain').map((t) => TYPE_CODE[t as Exclude<TransactionType, 'terrain'>]);
      const parts = [`x.type_codes && ${p.add(codes)}::smallint[]`];
      if (f.types.includes('terrain')) parts.push('cardinality(x.type_codes) = 0');
      where.push(`(${parts.join(' OR ')})`);
    }
    band('x.surface', f.surfaceMin, f.surfaceMax);
    band('x.rooms', f.roomsMin, f.roomsMax);
    band('(m.valeur_fonciere / nullif(x.surface, 0))', f.ppm2Min, f.ppm2Max);
  }
  return `f AS (
    SELECT ${MUTATION_COLUMNS}${withFacts ? `, ${FACT_COLUMNS}` : ''}
      FROM dvf_mutations m
      ${withFacts ? FACTS_LATERAL : ''}
     WHERE ${where.join(' AND ')}
  )`;
}

/** The filtered mutations as a CTE named `f`, facts only when a filter needs them (the sales tiles). */
export function filteredMutationsSql(p: Params, f: Partial<TransactionFilter>, place: TransactionPlace): string {
  return filteredCte(p, f, place, needsFacts(f));
}

/** Import runs whose rows an alert has not looked at yet: ids in (after, upTo]. */
export interface ImportWindow {
  after: number;
  upTo: number;
  /** The alert whose rows already sent are left out (a re-import writes them under a new run). */
  alertId?: string;
}

/**
 * Rows of `alias` (key column `key`) first seen in an import run of the window (`alert_first_seen`,
 * migration 1010), minus those the alert already sent. `import_run_id > after` is implied (a row
 * is rewritten only by later runs) and lets the index on it narrow the scan first.
 */
export function importWindowClause(p: Params, alias: string, key: string, source: string, runs: ImportWindow): string {
  const after = p.add(runs.after);
  const src = p.add(source);
  const parts = [
    `${alias}.import_run_id > ${after}::bigint`,
    `EXISTS (SELECT 1 FROM alert_first_seen fs WHERE fs.source = ${src} AND fs.row_id = ${alias}.${key}
              AND fs.run_id > ${after}::bigint AND fs.run_id <= ${p.add(runs.upTo)}::bigint)`,
  ];
  if (runs.alertId)
    parts.push(`NOT EXISTS (SELECT 1 FROM alert_sent_rows sent WHERE sent.alert_id = ${p.add(runs.alertId)}::uuid
                  AND sent.source = ${src} AND sent.row_id = ${alias}.${key})`);
  return parts.join(' AND ');
}

/**
 * The mutations of the filter that arrived with the import runs of `runs` (saved-search alerts),
 * newest sale first, at most `limit`.
 */
export async function transactionsImported(
  db: Queryable,
  f: Partial<TransactionFilter>,
  place: TransactionPlace,
  runs: ImportWindow,
  limit: number,
): Promise<TransactionRow[]> {
  const p = new Params();
  const withFacts = needsFacts(f);
  const cte = filteredCte(p, f, place, withFacts, runs);
  const pageSql = `SELECT f.* FROM f ORDER BY f.date_mutation DESC, f.id_mutation LIMIT ${p.add(limit)}`;
  return db.query<TransactionRow>(
    withFacts
      ? `WITH ${cte} ${pageSql}`
      : `WITH ${cte}, pg AS (${pageSql}) SELECT m.*, ${FACT_COLUMNS} FROM pg m ${FACTS_LATERAL} ORDER BY m.date_mutation DESC, m.id_mutation`,
    p.values,
  );
}

export interface TransactionRow {
  id_mutation: string;
  date_mutation: string;
  nature_mutation: string;
  valeur_fonciere: number | null;
  code_commune: string;
  nom_commune: string | null;
  code_postal: string | null;
  adresse_numero: string | null;
  adresse_suffixe: string | null;
  adresse_nom_voie: string | null;
  id_parcelle: string | null;
  longitude: number | null;
  latitude: number | null;
  nb_locaux: number;
  type_codes: number[];
  surface: number | null;
  rooms: number | null;
  land: number | null;
  prix_m2: number | null;
}

const SORT_SQL: Record<TransactionSort, string> = {
  date: 'f.date_mutation',
  prix: 'f.valeur_fonciere',
  surface: 'f.surface',
  prix_m2: 'f.prix_m2',
};

export async function listTransactions(
  db: Queryable,
  f: Partial<TransactionFilter>,
  place: Place,
  page: { sort: TransactionSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ total: number; rows: TransactionRow[]; bounds: Bounds | null }> {
  const p = new Params();
  const withFacts = needsFacts(f, page.sort);
  const cte = filteredCte(p, f, place, withFacts);
  const dir = page.order === 'asc' ? 'ASC' : 'DESC';
  // The extent of every match rides on the page's rows (window aggregates over the same scan).
  const pageSql = `SELECT f.*, count(*) OVER ()::int AS total,
      min(f.longitude) OVER () AS b_west, min(f.latitude) OVER () AS b_south,
      max(f.longitude) OVER () AS b_east, max(f.latitude) OVER () AS b_north FROM f
      ORDER BY ${SORT_SQL[page.sort]} ${dir} NULLS LAST, f.date_mutation DESC, f.id_mutation
      LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
  // Without fact filters, the facts (four small index lookups per mutation) are computed for the page only.
  const sql = withFacts
    ? `WITH ${cte} ${pageSql}`
    : `WITH ${cte}, pg AS (${pageSql})
       SELECT m.*, ${FACT_COLUMNS} FROM pg m ${FACTS_LATERAL}
        ORDER BY ${SORT_SQL[page.sort].replace('f.', 'm.')} ${dir} NULLS LAST, m.date_mutation DESC, m.id_mutation`;
  const rows = await db.query<TransactionRow & ExtentColumns & { total: number }>(sql, p.values);
  if (rows.length === 0 && page.offset > 0) {
    // Past the last page: the total and the extent still answer for every match.
    const q = new Params();
    const [c] = await db.query<ExtentColumns & { n: number }>(
      `WITH ${filteredCte(q, f, place, withFacts)}
       SELECT count(*)::int AS n, min(longitude) AS b_west, min(latitude) AS b_south, max(longitude) AS b_east, max(latitude) AS b_north FROM f`,
      q.values,
    );
    return { total: c?.n ?? 0, rows: [], bounds: c ? boundsOf(c) : null };
  }
  const first = rows[0];
  return { total: first?.total ?? 0, rows, bounds: first ? boundsOf(first) : null };
}

/** West, south, east, north. */
export type Bounds = [number, number, number, number];
interface ExtentColumns {
  b_west: number | null;
  b_south: number | null;
  b_east: number | null;
  b_north: number | null;
}
function boundsOf(r: ExtentColumns): Bounds | null {
  return r.b_west === null || r.b_south === null || r.b_east === null || r.b_north === null
    ? null
    : [Number(r.b_west), Number(r.b_south), Number(r.b_east), Number(r.b_north)];
}

/** The date of the newest sale of a place (`YYYY-MM-DD`), whatever the filters: the period presets end there. */
export async function newestSaleOf(db: Queryable, place: Place): Promise<string | null> {
  const p = new Params();
  const [r] = await db.query<{ newest: string | null }>(
    `WITH ${filteredCte(p, {}, place, false)} SELECT max(date_mutation)::text AS newest FROM f`,
    p.values,
  );
  return r?.newest ?? null;
}

export interface PointRow {
  id: string;
  lon: number;
  lat: number;
  ppm2: number | null;
  date: string;
}

export async function transactionPoints(
  db: Queryable,
  f: TransactionFilter,
  place: TransactionPlace,
  max: number,
): Promise<{ total: number; rows: PointRow[] }> {
  const p = new Params();
  // The colour of a point is the €/m² of a single-property sale (`dvf_sales`); mixed sales have none.
  // Facts are computed per mutation only when a filter needs them: 100 000 points stay cheap.
  const rows = await db.query<PointRow & { total: number }>(
    `WITH ${filteredCte(p, f, place, needsFacts(f))},
          located AS (SELECT f.id_mutation, f.longitude, f.latitude, f.date_mutation FROM f WHERE f.latitude IS NOT NULL),
          shown AS (SELECT * FROM located ORDER BY date_mutation DESC, id_mutation LIMIT ${p.add(max)})
     SELECT x.id_mutation AS id, x.longitude AS lon, x.latitude AS lat, s.prix_m2 AS ppm2, x.date_mutation AS date,
            (SELECT count(*) FROM located)::int AS total
       FROM shown x LEFT JOIN dvf_sales s ON s.id_mutation = x.id_mutation`,
    p.values,
  );
  return { total: rows[0]?.total ?? 0, rows };
}

export interface LineRow {
  line_no: number;
  id_parcelle: string | null;
  adresse_numero: string | null;
  adresse_suffixe: string | null;
  adresse_nom_voie: string | null;
  code_type_local: number | null;
  type_local: string | null;
  surface_reelle_bati: number | null;
  nombre_pieces_principales: number | null;
  nature_culture: string | null;
  surface_terrain: number | null;
  nombre_lots: number | null;
  lot1_numero: string | null;
  lot1_surface_carrez: number | null;
  lot2_numero: string | null;
  lot2_surface_carrez: number | null;
  lot3_numero: string | null;
  lot3_surface_carrez: number | null;
  lot4_numero: string | null;
  lot4_surface_carrez: number | null;
  lot5_numero: string | null;
  lot5_surface_carrez: number | null;
}

export async function mutationById(
  db: Queryable,
  id: string,
): Promise<{
  row: TransactionRow;
  lines: LineRow[];
  parcels: { id: string; section: string; numero: string; contenance: number | null; geometry: unknown }[];
  inSales: boolean;
  withinBounds: boolean | null;
} | null> {
  const p = new Params();
  const [row] = await db.query<TransactionRow>(`WITH ${filteredCte(p, {}, { kind: 'ids', ids: [id] })} SELECT * FROM f`, p.values);
  if (!row) return null;
  const lines = await db.query<LineRow>(`SELECT * FROM dvf_lines WHERE id_mutation = $1 ORDER BY line_no`, [id]);
  const ids = [...new Set(lines.map((l) => l.id_parcelle).filter((v): v is string => Boolean(v)))];
  const known = await db.query<{ id: string; section: string; numero: string; contenance: number | null; geometry: unknown }>(
    `SELECT id, section, numero, contenance, geometry FROM parcels WHERE id = ANY($1::text[])`,
    [ids],
  );
  const byId = new Map(known.map((k) => [k.id, k]));
  const [sale] = await db.query<{ within_bounds: boolean }>(`SELECT within_bounds FROM dvf_sales WHERE id_mutation = $1`, [id]);
  return {
    row,
    lines,
    parcels: ids.map(
      (pid) =>
        byId.get(pid) ?? {
          id: pid,
          section: pid.slice(8, 10).replace(/^0/, ''),
          numero: pid.slice(10).replace(/^0+/, ''),
          contenance: null,
          geometry: null,
        },
    ),
    inSales: Boolean(sale),
    withinBounds: sale ? sale.within_bounds : null,
  };
}

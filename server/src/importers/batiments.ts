/**
 * Etalab cadastre buildings (`cadastre-<commune>-batiments.json`): one footprint per feature, with
 * its commune and its type (01 bâti dur, 02 bâti léger). A file replaces the buildings of the
 * communes it lists, and only those, in the merge transaction; a commune whose rows did not change
 * (same fingerprint) is not written again, so a re-import changes nothing. The per-parcel built
 * footprint and coverage are computed by the land refresh registered with the pipeline.
 */
import type { Queryable } from '../db/client.js';
import { bboxOf, type ParcelGeometry } from './cadastre.logic.js';
import { readFeatures } from './geojson-stream.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import type { Column } from './stage.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['code_commune', 'text'],
  ['kind', 'text'],
  ['geometry', 'jsonb'],
  ['bbox_west', 'double precision'],
  ['bbox_south', 'double precision'],
  ['bbox_east', 'double precision'],
  ['bbox_north', 'double precision'],
  ['created', 'date'],
  ['updated', 'date'],
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const COMMUNE = /^(\d{5}|2[AB]\d{3})$/;

const isPosition = (p: unknown) =>
  Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;
const isRing = (r: unknown) => Array.isArray(r) && r.length >= 4 && r.every(isPosition);

export interface BuildingRow {
  codeCommune: string;
  kind: '01' | '02';
  geometry: ParcelGeometry;
  bbox: { west: number; south: number; east: number; north: number };
  created: string | null;
  updated: string | null;
}

/** A feature → a building row, or the French reason it is rejected. */
export function buildingFromFeature(feature: unknown): BuildingRow | string {
  if (!feature || typeof feature !== 'object') return 'objet GeoJSON attendu';
  const f = feature as { type?: unknown; geometry?: unknown; properties?: unknown };
  if (f.type !== 'Feature') return 'objet de type «\u00a0Feature\u00a0» attendu';
  const props = (f.properties ?? {}) as Record<string, unknown>;
  const kind = props.type;
  if (kind !== '01' && kind !== '02')
    return `type de bâtiment «\u00a0${String(kind ?? '')}\u00a0» inconnu (01 bâti dur ou 02 bâti léger attendu)`;
  const commune = typeof props.commune === 'string' ? props.commune.trim() : '';
  if (!COMMUNE.test(commune)) return `code commune «\u00a0${commune}\u00a0» invalide`;
  const g = f.geometry as { type?: unknown; coordinates?: unknown } | null;
  let geometry: ParcelGeometry;
  if (g?.type === 'Polygon' && Array.isArray(g.coordinates) && g.coordinates.length > 0 && g.coordinates.every(isRing)) {
    geometry = { type: 'Polygon', coordinates: g.coordinates as ParcelGeometry['coordinates'] as never };
  } else if (
    g?.type === 'MultiPolygon' &&
    Array.isArray(g.coordinates) &&
    g.coordinates.length > 0 &&
    g.coordinates.every((p) => Array.isArray(p) && p.length > 0 && p.every(isRing))
  ) {
    geometry = { type: 'MultiPolygon', coordinates: g.coordinates as never };
  } else return 'géométrie invalide (Polygon ou MultiPolygon en WGS84 attendu)';
  const date = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) ? v : null);
  return { codeCommune: commune, kind, geometry, bbox: bboxOf(geometry), created: date(props.created), updated: date(props.updated) };
}

export const batimentsImporter: Importer = {
  source: 'batiments',
  columns,
  analyze: ['code_commune'],
  async *rows(input, ctx) {
    for await (const ev of readFeatures(input.text(), input.name)) {
      if (ev.kind === 'reject') {
        ctx.reject(ev.line, ev.reason);
        continue;
      }
      const b = buildingFromFeature(ev.feature);
      if (typeof b === 'string') {
        ctx.reject(ev.line, b);
        continue;
      }
      yield [ev.line, b.codeCommune, b.kind, b.geometry, b.bbox.west, b.bbox.south, b.bbox.east, b.bbox.north, b.created, b.updated];
    }
  },
  merge: mergeBuildings,
};

async function mergeBuildings(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  await tx.exec(`CREATE TEMP TABLE batiments_merge ON COMMIT DROP AS
    SELECT s.code_commune, count(*)::int AS buildings, max(s.updated) AS vintage,
           md5(string_agg(concat_ws('|', s.kind, s.created::text, s.updated::text, s.geometry::text), E'\\n' ORDER BY s.source_line)) AS fingerprint
      FROM ${stage} s GROUP BY s.code_commune`);
  await tx.exec(`ALTER TABLE batiments_merge ADD COLUMN changed boolean;
    UPDATE batiments_merge m SET changed = NOT EXISTS (
      SELECT 1 FROM building_communes c WHERE c.code_commune = m.code_commune AND c.fingerprint = m.fingerprint)`);
  // A changed commune: its buildings go (cascade) and the file's take their place.
  await tx.exec(`DELETE FROM building_communes c USING batiments_merge m WHERE m.changed AND c.code_commune = m.code_commune`);
  await tx.query(
    `INSERT INTO building_communes (code_commune, fingerprint, buildings, vintage, import_run_id)
     SELECT code_commune, fingerprint, buildings, vintage, $1 FROM batiments_merge WHERE changed`,
    [ctx.runId],
  );
  const [inserted] = await tx.query<{ n: number }>(
    `WITH i AS (
       INSERT INTO buildings (code_commune, kind, geometry, bbox_west, bbox_south, bbox_east, bbox_north, created, updated)
       SELECT s.code_commune, s.kind, s.geometry, s.bbox_west, s.bbox_south, s.bbox_east, s.bbox_north, s.created, s.updated
         FROM ${stage} s JOIN batiments_merge m ON m.code_commune = s.code_commune AND m.changed
        ORDER BY s.source_line
       RETURNING 1)
     SELECT count(*)::int AS n FROM i`,
  );
  const communes = await tx.query<{ code_commune: string; changed: boolean; vintage: string | null }>(
    `SELECT code_commune, changed, vintage::text AS vintage FROM batiments_merge ORDER BY code_commune`,
  );
  const vintage = communes.reduce<string | null>((v, c) => (c.vintage && (!v || c.vintage > v) ? c.vintage : v), null);
  return {
    vintage,
    summary: {
      communes: communes.map((c) => c.code_commune).join(', '),
      buildingsInserted: inserted?.n ?? 0,
      communesUnchanged: communes.filter((c) => !c.changed).length,
    },
  };
}

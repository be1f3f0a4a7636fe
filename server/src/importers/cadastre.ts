/**
 * Cadastre importer (Etalab parcelles GeoJSON, `.json` or `.json.gz`). Vintage of a file = the
 * newest `updated` date of its parcels. Per commune, the newest vintage wins whatever the import
 * order: its parcels become current, the ones it no longer has stay as history; an older file only
 * adds the ids still unknown, as history. DVF lines of these communes that have no coordinates of
 * their own are then geolocated again at their parcel's centroid.
 */
import type { Queryable } from '../db/client.js';
import { parcelFromFeature } from './cadastre.logic.js';
import { refreshDvfGeolocation } from './dvf-merge.js';
import { readFeatures } from './geojson-stream.js';
import type { Importer } from './importer.js';
import { emitImportEvent } from './refresh.js';
import type { Column } from './stage.js';
import { dropStagedDuplicatesSql } from './stage.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['id', 'text'],
  ['code_commune', 'text'],
  ['prefixe', 'text'],
  ['section', 'text'],
  ['numero', 'text'],
  ['code_section', 'text'],
  ['contenance', 'integer'],
  ['geometry', 'jsonb'],
  ['centroid_lon', 'double precision'],
  ['centroid_lat', 'double precision'],
  ['bbox_west', 'double precision'],
  ['bbox_south', 'double precision'],
  ['bbox_east', 'double precision'],
  ['bbox_north', 'double precision'],
  ['created', 'date'],
  ['updated', 'date'],
];

export const cadastreImporter: Importer = {
  source: 'cadastre',
  columns,
  // The merge joins on the parcel id and takes the communes.
  analyze: ['id', 'source_line', 'code_commune'],
  async *rows(input, ctx) {
    for await (const ev of readFeatures(input.text(), input.name)) {
      if (ev.kind === 'reject') {
        ctx.reject(ev.line, ev.reason);
        continue;
      }
      const p = parcelFromFeature(ev.feature);
      if (typeof p === 'string') {
        ctx.reject(ev.line, p);
        continue;
      }
      yield [
        ev.line,
        p.id,
        p.codeCommune,
        p.prefixe,
        p.section,
        p.numero,
        p.codeSection,
        p.contenance,
        p.geometry,
        p.centroid.lon,
        p.centroid.lat,
        p.bbox.west,
        p.bbox.south,
        p.bbox.east,
        p.bbox.north,
        p.created,
        p.updated,
      ];
    }
  },
  merge: mergeCadastre,
};

async function mergeCadastre(tx: Queryable, stage: string, ctx: { runId: number }) {
  // A parcel listed twice in one file: the last one wins.
  await tx.exec(dropStagedDuplicatesSql(stage, 'id'));
  const [v] = await tx.query<{ vintage: string | null }>(`SELECT max(updated)::text AS vintage FROM ${stage}`);
  const vintage = v?.vintage ?? new Date().toISOString().slice(0, 10);
  await tx.exec(`CREATE TEMP TABLE cadastre_merge_communes ON COMMIT DROP AS
    SELECT s.code_commune, (cc.vintage IS NULL OR '${vintage}'::date >= cc.vintage) AS newer
      FROM (SELECT DISTINCT code_commune FROM ${stage}) s
      LEFT JOIN cadastre_communes cc USING (code_commune)`);

  // Newer (or same) vintage: parcels missing from the file become history.
  const retired = await tx.query<{ n: number }>(
    `WITH r AS (
       UPDATE parcels p SET is_current = false
        WHERE p.is_current
          AND p.code_commune IN (SELECT code_commune FROM cadastre_merge_communes WHERE newer)
          AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE s.id = p.id)
        RETURNING 1)
     SELECT count(*)::int AS n FROM r`,
  );
  const upsertCols = `id, code_commune, prefixe, section, numero, code_section, contenance, geometry, centroid_lon, centroid_lat,
    bbox_west, bbox_south, bbox_east, bbox_north, created, updated`;
  await tx.query(
    `INSERT INTO parcels (${upsertCols}, is_current, first_vintage, last_vintage, import_run_id)
     SELECT ${upsertCols}, true, $1::date, $1::date, $2 FROM ${stage}
      WHERE code_commune IN (SELECT code_commune FROM cadastre_merge_communes WHERE newer)
     ON CONFLICT (id) DO UPDATE SET
       code_commune = excluded.code_commune, prefixe = excluded.prefixe, section = excluded.section,
       numero = excluded.numero, code_section = excluded.code_section, contenance = excluded.contenance,
       geometry = excluded.geometry, centroid_lon = excluded.centroid_lon, centroid_lat = excluded.centroid_lat,
       bbox_west = excluded.bbox_west, bbox_south = excluded.bbox_south, bbox_east = excluded.bbox_east,
       bbox_north = excluded.bbox_north, created = excluded.created, updated = excluded.updated,
       is_current = true,
       first_vintage = least(parcels.first_vintage, excluded.first_vintage),
       last_vintage = greatest(parcels.last_vintage, excluded.last_vintage),
       import_run_id = CASE WHEN parcels.last_vintage = excluded.last_vintage AND parcels.geometry = excluded.geometry
                            THEN parcels.import_run_id ELSE excluded.import_run_id END`,
    [vintage, ctx.runId],
  );
  // Older vintage: only what is unknown, as history; known parcels just widen their vintage span.
  const history = await tx.query<{ n: number }>(
    `WITH i AS (
       INSERT INTO parcels (${upsertCols}, is_current, first_vintage, last_vintage, import_run_id)
       SELECT ${upsertCols}, false, $1::date, $1::date, $2 FROM ${stage}
        WHERE code_commune IN (SELECT code_commune FROM cadastre_merge_communes WHERE NOT newer)
       ON CONFLICT (id) DO UPDATE SET first_vintage = least(parcels.first_vintage, excluded.first_vintage)
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS n FROM i`,
    [vintage, ctx.runId],
  );
  await tx.query(
    `INSERT INTO cadastre_communes (code_commune, vintage, parcels_current, import_run_id)
     SELECT c.code_commune, $1::date, (SELECT count(*) FROM parcels p WHERE p.code_commune = c.code_commune AND p.is_current), $2
       FROM cadastre_merge_communes c WHERE c.newer
     ON CONFLICT (code_commune) DO UPDATE SET
       vintage = excluded.vintage, parcels_current = excluded.parcels_current,
       import_run_id = CASE WHEN cadastre_communes.vintage = excluded.vintage THEN cadastre_communes.import_run_id ELSE excluded.import_run_id END`,
    [vintage, ctx.runId],
  );
  const [counts] = await tx.query<{ communes: number; newer: number; current: number }>(
    `SELECT count(*)::int AS communes, count(*) FILTER (WHERE newer)::int AS newer,
            (SELECT count(*)::int FROM parcels p WHERE p.is_current AND p.code_commune IN (SELECT code_commune FROM cadastre_merge_communes)) AS current
       FROM cadastre_merge_communes`,
  );
  const geo = await refreshDvfGeolocation(tx, `SELECT code_commune FROM cadastre_merge_communes`);
  // The basemap's section and commune outlines follow the current parcels.
  const outlines = await emitImportEvent(tx, 'parcelsChanged', {
    communesSql: `SELECT code_commune FROM cadastre_merge_communes WHERE newer`,
  });
  return {
    vintage,
    summary: {
      communes: counts?.communes ?? 0,
      communesUpdated: counts?.newer ?? 0,
      currentParcels: counts?.current ?? 0,
      retiredToHistory: retired[0]?.n ?? 0,
      addedAsHistory: history[0]?.n ?? 0,
      dvfLinesGeolocated: geo,
      sectionOutlines: outlines.sections ?? 0,
    },
  };
}

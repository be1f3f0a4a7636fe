/**
 * Urban-planning importer (PLU, PLUi, POS, carte communale of the Géoportail de l'Urbanisme, CNIG
 * standard): the layers zone_urba, prescription_surf/lin/pct and info_surf/lin/pct of a
 * GeoPackage, a zip of shapefiles, a loose shapefile or a GeoJSON file, in Lambert-93 or WGS 84
 * (`plu-read.ts`), stored as WGS 84 GeoJSON with bounding boxes.
 *
 * A document (its partition, IDURBA without the date) has one current version, its approval date
 * being the date in IDURBA. In the merge transaction: a newer version deletes the whole older one
 * (all its layers, even those the file does not carry) and takes its place; the same version
 * replaces only the layers the file holds (the GPU hands zones and prescriptions out in separate
 * files); an older version changes nothing and is reported. A layer whose rows did not change
 * (same fingerprint) is not written again, so a re-import changes nothing.
 */
import type { Queryable } from '../db/client.js';
import { ImportError } from './errors.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import { pluFeature, toWgs84 } from './plu.logic.js';
import { pluFormatOf, readPlu } from './plu-read.js';
import type { Column } from './stage.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['layer', 'text'],
  ['partition', 'text'],
  ['idurba', 'text'],
  ['datappro', 'date'],
  ['libelle', 'text'],
  ['libelong', 'text'],
  ['typezone', 'text'],
  ['type_code', 'text'],
  ['subtype_code', 'text'],
  ['txt', 'text'],
  ['nomfic', 'text'],
  ['urlfic', 'text'],
  ['datvalid', 'date'],
  ['geometry', 'jsonb'],
  ['bbox_west', 'double precision'],
  ['bbox_south', 'double precision'],
  ['bbox_east', 'double precision'],
  ['bbox_north', 'double precision'],
];
const FEATURE_COLUMNS = `partition, layer, idurba, libelle, libelong, typezone, type_code, subtype_code, txt, nomfic, urlfic, datvalid,
  geometry, bbox_west, bbox_south, bbox_east, bbox_north`;

export const pluImporter: Importer = {
  source: 'plu',
  columns,
  analyze: ['partition', 'layer'],
  async *rows(input, ctx) {
    const bytes = await input.bytes();
    const format = pluFormatOf(bytes.subarray(0, 100), input.name);
    if (!format) {
      throw new ImportError(
        `«\u00a0${input.name}\u00a0»\u00a0: ni GeoPackage, ni zip de shapefiles, ni shapefile, ni GeoJSON d’un document d’urbanisme\u00a0; rien n’a été changé.`,
      );
    }
    const read = await readPlu(input.path, input.name, bytes, format);
    let n = 0;
    for (const layer of read.layers) {
      const transform = toWgs84(layer.crs);
      for (const f of layer.features) {
        n++;
        const r = f.error ?? pluFeature(layer.layer, f.props, f.geometry, transform);
        if (typeof r === 'string') {
          ctx.reject(n, `couche ${layer.name}\u00a0: ${r}`);
          continue;
        }
        yield [
          n,
          r.layer,
          r.partition,
          r.idurba,
          r.datappro,
          r.libelle,
          r.libelong,
          r.typezone,
          r.typeCode,
          r.subtypeCode,
          r.txt,
          r.nomfic,
          r.urlfic,
          r.datvalid,
          r.geometry as unknown as Record<string, unknown>,
          ...r.bbox,
        ];
      }
    }
  },
  merge: mergePlu,
};

async function mergePlu(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  // A file mixing versions of one document (a producer's leftovers): its newest version only.
  const [mixed] = await tx.query<{ n: number }>(
    `WITH d AS (
       DELETE FROM ${stage} s USING (SELECT partition, max(datappro) AS v FROM ${stage} GROUP BY partition) m
        WHERE s.partition = m.partition AND s.datappro < m.v RETURNING 1)
     SELECT count(*)::int AS n FROM d`,
  );
  await tx.exec(`CREATE TEMP TABLE plu_merge_docs ON COMMIT DROP AS
    SELECT s.partition, min(s.idurba) AS idurba, min(s.datappro) AS datappro, max(s.datvalid) AS datvalid,
           d.datappro AS current_datappro,
           CASE WHEN d.datappro IS NULL THEN 'new' WHEN min(s.datappro) > d.datappro THEN 'newer'
                WHEN min(s.datappro) = d.datappro THEN 'same' ELSE 'older' END AS status
      FROM ${stage} s LEFT JOIN plu_documents d USING (partition)
     GROUP BY s.partition, d.datappro`);
  const docs = await tx.query<{ partition: string; idurba: string; datappro: string; status: string; current: string | null }>(
    `SELECT partition, idurba, datappro::text AS datappro, status, current_datappro::text AS current FROM plu_merge_docs ORDER BY partition`,
  );
  // An older version than the one in place changes nothing.
  await tx.exec(`DELETE FROM ${stage} WHERE partition IN (SELECT partition FROM plu_merge_docs WHERE status = 'older')`);
  // A newer version: the older one goes entirely (its layers and features cascade).
  const replaced = await tx.query<{ idurba: string }>(
    `DELETE FROM plu_documents WHERE partition IN (SELECT partition FROM plu_merge_docs WHERE status = 'newer') RETURNING idurba`,
  );
  await tx.exec(`CREATE TEMP TABLE plu_merge_layers ON COMMIT DROP AS
    SELECT s.partition, s.layer, count(*)::int AS features,
           md5(string_agg(concat_ws('|', s.idurba, s.libelle, s.libelong, s.typezone, s.type_code, s.subtype_code, s.txt, s.nomfic,
                                    s.urlfic, s.datvalid::text, s.geometry::text), E'\\n' ORDER BY s.source_line)) AS fingerprint
      FROM ${stage} s GROUP BY s.partition, s.layer`);
  await tx.exec(`ALTER TABLE plu_merge_layers ADD COLUMN changed boolean;
    UPDATE plu_merge_layers m SET changed = NOT EXISTS (
      SELECT 1 FROM plu_layers l WHERE l.partition = m.partition AND l.layer = m.layer AND l.fingerprint = m.fingerprint)`);
  // The regulation of the document: the file its zones name most.
  await tx.query(
    `INSERT INTO plu_documents (partition, idurba, datappro, datvalid, nomfic, urlfic, import_run_id)
     SELECT d.partition, d.idurba, d.datappro, d.datvalid,
            (SELECT s.nomfic FROM ${stage} s WHERE s.partition = d.partition AND s.layer = 'zone_urba' AND s.nomfic IS NOT NULL
              GROUP BY s.nomfic ORDER BY count(*) DESC, s.nomfic LIMIT 1),
            (SELECT s.urlfic FROM ${stage} s WHERE s.partition = d.partition AND s.layer = 'zone_urba' AND s.urlfic ~* '^https?://'
              GROUP BY s.urlfic ORDER BY count(*) DESC, s.urlfic LIMIT 1),
            $1
       FROM plu_merge_docs d
      WHERE d.status <> 'older'
        AND EXISTS (SELECT 1 FROM plu_merge_layers m WHERE m.partition = d.partition AND m.changed)
     ON CONFLICT (partition) DO UPDATE SET
       idurba = excluded.idurba, datappro = excluded.datappro,
       datvalid = greatest(plu_documents.datvalid, excluded.datvalid),
       nomfic = CASE WHEN EXISTS (SELECT 1 FROM plu_merge_layers m WHERE m.partition = excluded.partition AND m.layer = 'zone_urba')
                     THEN excluded.nomfic ELSE plu_documents.nomfic END,
       urlfic = CASE WHEN EXISTS (SELECT 1 FROM plu_merge_layers m WHERE m.partition = excluded.partition AND m.layer = 'zone_urba')
                     THEN excluded.urlfic ELSE plu_documents.urlfic END,
       import_run_id = excluded.import_run_id, updated_at = now()`,
    [ctx.runId],
  );
  // Changed layers: their features are replaced (the layer row first, the features cascade).
  await tx.exec(`DELETE FROM plu_layers l USING plu_merge_layers m WHERE m.changed AND l.partition = m.partition AND l.layer = m.layer`);
  await tx.query(
    `INSERT INTO plu_layers (partition, layer, fingerprint, features, import_run_id)
     SELECT partition, layer, fingerprint, features, $1 FROM plu_merge_layers WHERE changed`,
    [ctx.runId],
  );
  const [inserted] = await tx.query<{ n: number }>(
    `WITH i AS (
       INSERT INTO plu_features (${FEATURE_COLUMNS})
       SELECT ${FEATURE_COLUMNS.replace(/(\w+)/g, 's.$1')} FROM ${stage} s
         JOIN plu_merge_layers m ON m.partition = s.partition AND m.layer = s.layer AND m.changed
        ORDER BY s.source_line
       RETURNING 1)
     SELECT count(*)::int AS n FROM i`,
  );
  const layers = await tx.query<{ layer: string; features: number; changed: boolean }>(
    `SELECT layer, features, changed FROM plu_merge_layers ORDER BY layer`,
  );
  const kept = docs.filter((d) => d.status !== 'older');
  if (kept.length === 0) {
    const d = docs[0];
    // Nothing written: the runner still records the run, whose summary says why.
    return {
      vintage: d ? d.datappro : null,
      summary: {
        documents: docs.length,
        idurba: docs.map((x) => x.idurba).join(', '),
        ignoredOlder: docs.map((x) => `${x.idurba} (version en place du ${x.current})`).join(', '),
        featuresInserted: 0,
        unchanged: 0,
      },
    };
  }
  const newest = kept.reduce((a, b) => (a.datappro >= b.datappro ? a : b));
  const summary: Record<string, number | string | null> = {
    documents: kept.length,
    idurba: kept.map((d) => d.idurba).join(', '),
    featuresInserted: inserted?.n ?? 0,
    layersUnchanged: layers.filter((l) => !l.changed).length,
    replacedVersions: replaced.map((r) => r.idurba).join(', ') || null,
    ignoredOlder:
      docs
        .filter((d) => d.status === 'older')
        .map((d) => `${d.idurba} (version en place du ${d.current})`)
        .join(', ') || null,
    olderRowsInFile: mixed?.n ?? 0,
  };
  for (const l of layers) summary[l.layer] = l.features;
  return { vintage: newest.datappro, summary };
}

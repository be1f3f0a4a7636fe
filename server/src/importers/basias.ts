/**
 * BASIAS / CASIAS (BRGM, Géorisques, Licence Ouverte 2.0): the inventory of former industrial and
 * service sites, as a GeoJSON FeatureCollection of the open-data portals (Point or MultiPoint in
 * WGS 84, the inventory's fields as properties: `identifiant`, `raison_soc_ent`, `nom_usuel`,
 * `der_adr`, `code_activite`, `etat_occup_site`, `code_insee`…). Kept by `identifiant`; a file
 * replaces the sites of the communes it lists. The successive operators are kept with those that
 * are private persons replaced by the notice (`risks/site-names.logic.ts`).
 */
import { maskPersonNames } from '@immoloupe/shared/risks/site-names.logic';
import type { Queryable } from '../db/client.js';
import { ImportError } from './errors.js';
import { readFeatures } from './geojson-stream.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import { mergeKeyed } from './keyed-merge.js';
import type { Column } from './stage.js';
import { repairDoubleUtf8 } from './text-repair.logic.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['id', 'text'],
  ['names', 'text'],
  ['usual_name', 'text'],
  ['address', 'text'],
  ['insee', 'text'],
  ['activity_codes', 'text'],
  ['occupation', 'text'],
  ['knowledge', 'text'],
  ['sheet_file', 'text'],
  ['longitude', 'double precision'],
  ['latitude', 'double precision'],
];
const DATA = columns.map(([n]) => n).filter((n) => n !== 'source_line' && n !== 'id');

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const t = repairDoubleUtf8(String(v).trim().replace(/\s+/g, ' '));
  return t === '' ? null : t;
};

/** The site's point: a Point, or the first point of a MultiPoint. */
function pointOf(geometry: unknown): [number, number] | null {
  const g = geometry as { type?: string; coordinates?: unknown } | null;
  const c = g?.type === 'Point' ? g.coordinates : g?.type === 'MultiPoint' ? (g.coordinates as unknown[] | undefined)?.[0] : null;
  if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') return null;
  const [lon, lat] = c as [number, number];
  return lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90 ? [lon, lat] : null;
}

export const basiasImporter: Importer = {
  source: 'basias',
  columns,
  async *rows(input, ctx) {
    let seen = 0;
    for await (const ev of readFeatures(input.text(), input.name)) {
      if (ev.kind === 'reject') {
        ctx.reject(ev.line, ev.reason);
        continue;
      }
      const p = ((ev.feature as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, unknown>;
      if (seen === 0 && !('identifiant' in p && 'raison_soc_ent' in p))
        throw new ImportError(
          `«\u00a0${input.name}\u00a0»\u00a0: propriétés identifiant et raison_soc_ent attendues (export BASIAS / CASIAS)\u00a0; rien n’a été changé.`,
        );
      seen++;
      const id = text(p.identifiant);
      if (!id || !/^[A-Z]{2,4}\d{4,10}$/i.test(id)) {
        ctx.reject(ev.line, `identifiant de site invalide «\u00a0${id ?? ''}\u00a0»`);
        continue;
      }
      const insee = text(p.code_insee)?.padStart(5, '0').toUpperCase() ?? null;
      if (insee !== null && !/^(\d{5}|2[AB]\d{3})$/.test(insee)) {
        ctx.reject(ev.line, `code INSEE invalide «\u00a0${insee}\u00a0»`);
        continue;
      }
      const point = pointOf((ev.feature as { geometry?: unknown }).geometry);
      yield [
        ev.line,
        id.toUpperCase(),
        maskPersonNames(text(p.raison_soc_ent)),
        maskPersonNames(text(p.nom_usuel)),
        text(p.der_adr) ?? text(p.adr_anc_format),
        insee,
        text(p.code_activite),
        text(p.etat_occup_site),
        text(p.etat_connaissance),
        text(p.url_fichier),
        point?.[0] ?? null,
        point?.[1] ?? null,
      ];
    }
    if (seen === 0) throw new ImportError(`«\u00a0${input.name}\u00a0»\u00a0: aucun site dans le fichier\u00a0; rien n’a été changé.`);
  },
  merge: mergeBasias,
};

async function mergeBasias(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  const counts = await mergeKeyed(tx, {
    table: 'basias_sites',
    source: `SELECT DISTINCT ON (id) id, ${DATA.join(', ')} FROM ${stage} ORDER BY id, source_line DESC`,
    keys: ['id'],
    columns: DATA,
    runId: ctx.runId,
    scope: `t.insee IN (SELECT insee FROM ${stage} WHERE insee IS NOT NULL)`,
  });
  const [s] = await tx.query<{ sites: number; placed: number; communes: number }>(
    `SELECT count(DISTINCT id)::int AS sites, count(DISTINCT id) FILTER (WHERE latitude IS NOT NULL)::int AS placed,
            count(DISTINCT insee)::int AS communes FROM ${stage}`,
  );
  return {
    vintage: null,
    summary: {
      sites: s?.sites ?? 0,
      placed: s?.placed ?? 0,
      communes: s?.communes ?? 0,
      ...counts,
      unchanged: (s?.sites ?? 0) - counts.inserted - counts.updated,
    },
  };
}

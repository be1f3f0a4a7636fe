/**
 * SQL of the DPE search over the `dpe` table (docs/data-model.md): the zone (features/zone/sql.ts),
 * the filters of /pro/recherchedpe, the page, the counts per class, the map grid and one DPE with
 * its parcel, the sales on that parcel and its co-ownership.
 */
import type { DpeFilter, DpeSort } from '@immoloupe/shared/dpe/contracts';
import { PASSOIRE_CLASSES } from '@immoloupe/shared/dpe/rental-ban.logic';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { columnsOf, gridClusters, type SqlZoneQuery, zoneWhere } from '../zone/index.js';
import { dpeAddressSql } from './address-sql.js';

export const DPE_COLUMNS = columnsOf('d', 'code_insee_ban', 'code_postal_ban');

const NOT_REPLACED = 'NOT EXISTS (SELECT 1 FROM dpe r WHERE r.numero_dpe_remplace = d.numero_dpe)';

export function dpeWhere(p: Params, f: Partial<DpeFilter>, zone: SqlZoneQuery): string {
  const where = [zoneWhere(p, DPE_COLUMNS, zone)];
  const classes = f.passoires ? [...PASSOIRE_CLASSES] : f.classes;
  if (classes) where.push(`d.etiquette_dpe = ANY(${p.add(classes)}::text[])`);
  if (f.ges) where.push(`d.etiquette_ges = ANY(${p.add(f.ges)}::text[])`);
  if (f.from) where.push(`d.date_etablissement >= ${p.add(f.from)}::date`);
  if (f.to) where.push(`d.date_etablissement <= ${p.add(f.to)}::date`);
  if (f.modeles) where.push(`d.modele = ANY(${p.add(f.modeles)}::text[])`);
  if (f.types) where.push(`d.type_batiment = ANY(${p.add(f.types)}::text[])`);
  if (f.surfaceMin !== undefined) where.push(`d.surface_habitable_logement >= ${p.add(f.surfaceMin)}`);
  if (f.surfaceMax !== undefined) where.push(`d.surface_habitable_logement <= ${p.add(f.surfaceMax)}`);
  if (f.yearMin !== undefined) where.push(`d.annee_construction >= ${p.add(f.yearMin)}`);
  if (f.yearMax !== undefined) where.push(`d.annee_construction <= ${p.add(f.yearMax)}`);
  if (f.periods) where.push(`d.periode_construction = ANY(${p.add(f.periods)}::text[])`);
  if (f.copro === 'oui') where.push('d.numero_immatriculation_copropriete IS NOT NULL');
  if (f.copro === 'non') where.push('d.numero_immatriculation_copropriete IS NULL');
  if (!f.replaced) where.push(NOT_REPLACED);
  return where.join(' AND ');
}

export interface DpeRow {
  numero_dpe: string;
  modele: 'existant' | 'neuf';
  date_etablissement: string;
  date_fin_validite: string | null;
  numero_dpe_remplace: string | null;
  remplace_par: string | null;
  etiquette_dpe: string | null;
  etiquette_ges: string | null;
  type_batiment: string | null;
  annee_construction: number | null;
  periode_construction: string | null;
  surface_habitable_logement: number | null;
  conso_5_usages_ep_m2: number | null;
  emission_ges_5_usages_m2: number | null;
  numero_immatriculation_copropriete: string | null;
  adresse_ban: string | null;
  code_postal_ban: string | null;
  code_insee_ban: string | null;
  nom_commune_ban: string | null;
  identifiant_ban: string | null;
  numero_voie_saisi: string | null;
  typed_address_ban_id: string | null;
  numero_etage_appartement: number | null;
  nom_residence: string | null;
  complement_adresse_logement: string | null;
  longitude: number | null;
  latitude: number | null;
}

const ROW_COLUMNS = `d.numero_dpe, d.modele, d.date_etablissement::text AS date_etablissement, d.date_fin_validite::text AS date_fin_validite,
  d.numero_dpe_remplace, rp.remplace_par,
  d.etiquette_dpe, d.etiquette_ges, d.type_batiment, d.annee_construction, d.periode_construction,
  d.surface_habitable_logement::float8 AS surface_habitable_logement, d.conso_5_usages_ep_m2::float8 AS conso_5_usages_ep_m2,
  d.emission_ges_5_usages_m2::float8 AS emission_ges_5_usages_m2, d.numero_immatriculation_copropriete, ${dpeAddressSql('d')} AS adresse_ban,
  d.code_postal_ban, d.code_insee_ban, d.nom_commune_ban, d.identifiant_ban, d.numero_voie_saisi, d.typed_address_ban_id, d.numero_etage_appartement, d.nom_residence,
  d.complement_adresse_logement, d.longitude, d.latitude`;

/**
 * The DPE rows of a list of numbers (`$1::text[]`), in its order, each with the DPE that replaced
 * it: one lookup of the whole list on the `dpe_replaced` index, joined, rather than a subquery per
 * row that the planner could run as one index scan per row of an export.
 */
const ROWS_OF_NUMBERS = `SELECT ${ROW_COLUMNS}
  FROM unnest($1::text[]) WITH ORDINALITY AS k(numero, ord)
  JOIN dpe d ON d.numero_dpe = k.numero
  LEFT JOIN (SELECT r.numero_dpe_remplace AS replaced, min(r.numero_dpe) AS remplace_par FROM dpe r
             WHERE r.numero_dpe_remplace = ANY($1::text[]) GROUP BY 1) rp ON rp.replaced = d.numero_dpe
  ORDER BY k.ord`;

const SORT_SQL: Record<DpeSort, string> = {
  date: 'd.date_etablissement',
  classe: 'd.etiquette_dpe',
  surface: 'd.surface_habitable_logement',
  conso: 'd.conso_5_usages_ep_m2',
  annee: 'd.annee_construction',
};

/**
 * One page of a DPE search and its counts per class. The matches are read once (the zone and
 * filters, and the « not replaced » anti-join, the costly part over 1 000 000 DPE): the counts and
 * the page's numbers come from that one pass, then the page's rows are read by primary key.
 */
export interface DpePage {
  sort: DpeSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The one pass of a search: `counts` ([class, n] pairs, null when nothing matches) and `ids`, the page's numbers in order. */
export function dpeMatchesSql(p: Params, f: Partial<DpeFilter>, zone: SqlZoneQuery, page: DpePage): string {
  const dir = page.order === 'asc' ? 'ASC' : 'DESC';
  return `WITH m AS MATERIALIZED (
       SELECT d.numero_dpe, d.etiquette_dpe, ${SORT_SQL[page.sort]} AS k, d.date_etablissement FROM dpe d WHERE ${dpeWhere(p, f, zone)})
     SELECT (SELECT json_agg(json_build_array(c.classe, c.n)) FROM (SELECT etiquette_dpe AS classe, count(*)::int AS n FROM m GROUP BY 1) c) AS counts,
            ARRAY(SELECT numero_dpe FROM m ORDER BY k ${dir} NULLS LAST, date_etablissement DESC, numero_dpe
                  LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}) AS ids`;
}

export async function searchDpe(
  db: Queryable,
  f: Partial<DpeFilter>,
  zone: SqlZoneQuery,
  page: DpePage,
): Promise<{ byClass: Record<string, number>; total: number; rows: DpeRow[] }> {
  const p = new Params();
  const [found] = await db.query<{ counts: [string | null, number][] | null; ids: string[] }>(dpeMatchesSql(p, f, zone, page), p.values);
  const ids = found?.ids ?? [];
  const rows = ids.length ? await db.query<DpeRow>(ROWS_OF_NUMBERS, [ids]) : [];
  const byClass: Record<string, number> = {};
  let total = 0;
  for (const [classe, n] of found?.counts ?? []) {
    byClass[classe ?? 'inconnue'] = n;
    total += n;
  }
  return { byClass, total, rows };
}

export async function dpeClusters(
  db: Queryable,
  f: Partial<DpeFilter>,
  zone: SqlZoneQuery,
  bbox: [number, number, number, number],
  zoom: number,
) {
  const p = new Params();
  return gridClusters(db, p, {
    from: 'dpe d',
    alias: 'd',
    where: dpeWhere(p, f, zone),
    classExpr: 'd.etiquette_dpe',
    idExpr: 'd.numero_dpe',
    bbox,
    zoom,
  });
}

export async function dpeByNumero(db: Queryable, numero: string): Promise<DpeRow | null> {
  const [row] = await db.query<DpeRow>(ROWS_OF_NUMBERS, [[numero]]);
  return row ?? null;
}

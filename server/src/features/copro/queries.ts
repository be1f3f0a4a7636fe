/**
 * SQL of the co-ownership search over `copros` (RNIC, docs/data-model.md): the zone, the filters
 * of /pro/recherchecopro, the page, the map grid, and one co-ownership with its parcels and DPE
 * (without cadastral references, its DPE and sales by address: `nearby.ts`).
 * Mandate filters count from the RNIC data date (newest update of the loaded rows), not today.
 */
import type { CoproFilter, CoproSort } from '@immoloupe/shared/copro/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { columnsOf, gridClusters, type SqlZoneQuery, zoneWhere } from '../zone/index.js';

const COPRO = columnsOf('c', 'code_insee', 'code_postal');
const IN_FORCE = `c.mandat_en_cours = 'Mandat en cours'`;

/** The RNIC data date: `asOf` in the SQL below. */
export async function rnicDate(db: Queryable): Promise<string | null> {
  const [r] = await db.query<{ d: string | null }>('SELECT max(date_derniere_maj)::text AS d FROM copros');
  return r?.d ?? null;
}

export function coproWhere(p: Params, f: Partial<CoproFilter>, zone: SqlZoneQuery, asOf: string | null): string {
  const where = [zoneWhere(p, COPRO, zone)];
  const band = (col: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) where.push(`c.${col} >= ${p.add(min)}`);
    if (max !== undefined) where.push(`c.${col} <= ${p.add(max)}`);
  };
  band('nombre_total_lots', f.lotsMin, f.lotsMax);
  band('nombre_lots_habitation', f.dwellingsMin, f.dwellingsMax);
  band('nombre_lots_stationnement', f.parkingMin, f.parkingMax);
  if (f.periods) where.push(`c.periode_construction = ANY(${p.add(f.periods)}::text[])`);
  if (f.syndicTypes) {
    const conditions: Record<(typeof f.syndicTypes)[number], string> = {
      professionnel: `(c.type_syndic = 'professionnel' AND ${IN_FORCE})`,
      benevole: `(c.type_syndic IN ('bénévole', 'benevole') AND ${IN_FORCE})`,
      cooperatif: 'c.syndicat_cooperatif',
      aucun: `(c.mandat_en_cours IS NULL OR NOT ${IN_FORCE})`,
    };
    const parts = f.syndicTypes.map((t) => conditions[t]);
    where.push(`(${parts.join(' OR ')})`);
  }
  if (f.syndic) {
    const s = f.syndic.replace(/\s/g, '');
    if (/^\d{9,14}$/.test(s)) where.push(`c.siret_syndic LIKE ${p.add(`${s}%`)}`);
    else where.push(`c.raison_sociale_syndic ILIKE ${p.add(`%${f.syndic.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
  }
  // Added only when used: PostgreSQL cannot type a parameter that no expression reads.
  const ref = () => `${p.add(asOf)}::date`;
  if (f.mandate === 'termine') where.push(`(c.date_fin_dernier_mandat < ${ref()} OR c.mandat_en_cours IS NULL OR NOT ${IN_FORCE})`);
  if (f.endsWithin !== undefined) {
    const r = ref();
    where.push(`c.date_fin_dernier_mandat >= ${r} AND c.date_fin_dernier_mandat < ${r} + ${p.add(f.endsWithin)}::int * interval '1 month'`);
  }
  for (const flag of f.flags ?? []) {
    if (flag === 'acv') where.push('c.copro_dans_acv');
    if (flag === 'pvd') where.push('c.copro_dans_pvd');
    if (flag === 'qp') where.push(`coalesce(c.code_qp_2024, '') <> ''`);
  }
  if (f.dpeFG)
    where.push(`EXISTS (SELECT 1 FROM dpe d WHERE d.numero_immatriculation_copropriete = c.numero_immatriculation
                   AND d.etiquette_dpe IN ('F', 'G') AND NOT EXISTS (SELECT 1 FROM dpe r WHERE r.numero_dpe_remplace = d.numero_dpe))`);
  return where.join(' AND ');
}

export interface CoproRow {
  numero_immatriculation: string;
  nom_usage: string | null;
  adresse_reference: string | null;
  code_postal: string | null;
  commune: string | null;
  code_insee: string | null;
  nombre_total_lots: number | null;
  nombre_lots_habitation: number | null;
  nombre_lots_stationnement: number | null;
  periode_construction: string | null;
  type_syndic: string | null;
  raison_sociale_syndic: string | null;
  siret_syndic: string | null;
  mandat_en_cours: string | null;
  date_fin_dernier_mandat: string | null;
  syndicat_cooperatif: boolean | null;
  copro_dans_acv: boolean | null;
  copro_dans_pvd: boolean | null;
  nom_qp_2024: string | null;
  /** Number and street of the reference address (« 58-60 r roger salengro »). */
  numero_et_voie: string | null;
  longitude: number | null;
  latitude: number | null;
}

const ROW_COLUMNS = `c.numero_immatriculation, c.nom_usage, c.adresse_reference, c.code_postal, c.commune, c.code_insee, c.nombre_total_lots,
  c.nombre_lots_habitation, c.nombre_lots_stationnement, c.periode_construction, c.type_syndic, c.raison_sociale_syndic, c.siret_syndic,
  c.mandat_en_cours, c.date_fin_dernier_mandat::text AS date_fin_dernier_mandat, c.syndicat_cooperatif, c.copro_dans_acv, c.copro_dans_pvd,
  c.nom_qp_2024, c.numero_et_voie, c.longitude, c.latitude`;

const SORT_SQL: Record<CoproSort, string> = {
  fin_mandat: 'c.date_fin_dernier_mandat',
  lots: 'c.nombre_total_lots',
  nom: 'c.nom_usage',
  commune: 'c.commune',
};

export async function searchCopros(
  db: Queryable,
  f: Partial<CoproFilter>,
  zone: SqlZoneQuery,
  asOf: string | null,
  page: { sort: CoproSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ total: number; rows: CoproRow[] }> {
  const dir = page.order === 'asc' ? 'ASC' : 'DESC';
  const p = new Params();
  const rows = await db.query<CoproRow>(
    `SELECT ${ROW_COLUMNS} FROM copros c WHERE ${coproWhere(p, f, zone, asOf)}
      ORDER BY ${SORT_SQL[page.sort]} ${dir} NULLS LAST, c.numero_immatriculation
      LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`,
    p.values,
  );
  const c = new Params();
  const [n] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM copros c WHERE ${coproWhere(c, f, zone, asOf)}`, c.values);
  return { total: n?.n ?? 0, rows };
}

export async function coproClusters(
  db: Queryable,
  f: Partial<CoproFilter>,
  zone: SqlZoneQuery,
  asOf: string | null,
  bbox: [number, number, number, number],
  zoom: number,
) {
  const p = new Params();
  return gridClusters(db, p, {
    from: 'copros c',
    alias: 'c',
    where: coproWhere(p, f, zone, asOf),
    // No class for a co-ownership: the marker colour is the syndic type.
    classExpr: 'c.type_syndic',
    idExpr: 'c.numero_immatriculation',
    bbox,
    zoom,
  });
}

export async function coproByNumero(db: Queryable, numero: string): Promise<CoproRow | null> {
  const [row] = await db.query<CoproRow>(`SELECT ${ROW_COLUMNS} FROM copros c WHERE c.numero_immatriculation = $1`, [numero]);
  return row ?? null;
}

export async function coproParcels(db: Queryable, numero: string) {
  return db.query<{ id: string; contenance: number | null; geometry: unknown; in_cadastre: boolean }>(
    `SELECT cp.id_parcelle AS id, p.contenance::float8 AS contenance, p.geometry, p.id IS NOT NULL AS in_cadastre
       FROM copro_parcels cp LEFT JOIN parcels p ON p.id = cp.id_parcelle
      WHERE cp.numero_immatriculation = $1 ORDER BY cp.rang`,
    [numero],
  );
}

export interface CoproDpeRow {
  numero: string;
  date: string;
  classe: string | null;
  ges: string | null;
  surface: number | null;
  etage: number | null;
}

/** Columns of a DPE of the sheet, `d` the DPE. */
export const DPE_COLUMNS = `d.numero_dpe AS numero, d.date_etablissement::text AS date, d.etiquette_dpe AS classe, d.etiquette_ges AS ges,
  d.surface_habitable_logement::float8 AS surface, d.numero_etage_appartement AS etage`;

/** A DPE that a newer one replaced is not shown. */
export const NOT_REPLACED = 'NOT EXISTS (SELECT 1 FROM dpe r WHERE r.numero_dpe_remplace = d.numero_dpe)';

/** The DPE that name the co-ownership by its RNIC number. */
export async function coproDpe(db: Queryable, numero: string) {
  return db.query<CoproDpeRow>(
    `SELECT ${DPE_COLUMNS}
       FROM dpe d WHERE d.numero_immatriculation_copropriete = $1 AND ${NOT_REPLACED}
      ORDER BY d.date_etablissement DESC LIMIT 200`,
    [numero],
  );
}

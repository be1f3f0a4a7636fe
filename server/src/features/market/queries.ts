/**
 * SQL of the market statistics over `dvf_sales` (docs/data-model.md). Aggregates run in the
 * database (percentile_cont, avg); `toSummary` applies the < 3 rule and the rounding of the
 * shared code, so a figure is the same whether SQL or TypeScript computed it.
 */
import type { Zone } from '@immoloupe/shared/market/contracts';
import { boundsSchema } from '@immoloupe/shared/market/contracts';
import { roundTo } from '@immoloupe/shared/market/decimal';
import { type PropertyType, TYPE_CODES } from '@immoloupe/shared/market/dvf';
import { DEFAULT_BOUNDS, type PlausibilityBounds } from '@immoloupe/shared/market/mutation.logic';
import { MIN_SALES, type MonthlyStat, monthsBetween, STAT_DECIMALS, type StatSummary } from '@immoloupe/shared/market/stats.logic';
import type { Queryable } from '../../db/client.js';
import { type SalesFilter, SUMMARY_COLUMNS, salesWhere, zoneClause } from '../../db/dvf-sales.js';
import { Params } from '../../db/params.js';
import { withRecordedCodes } from '../../places/communes.js';

export interface SummaryRow {
  n: number;
  median: number | null;
  mean: number | null;
  q1: number | null;
  q3: number | null;
}

export function toSummary(row: SummaryRow | undefined): StatSummary {
  const count = row?.n ?? 0;
  if (!row || count < MIN_SALES) return { count, median: null, mean: null, q1: null, q3: null };
  const r = (v: number | null) => (v === null ? null : roundTo(v, STAT_DECIMALS));
  return { count, median: r(row.median), mean: r(row.mean), q1: r(row.q1), q3: r(row.q3) };
}

/** The bounds the last statistics refresh applied (`within_bounds`), or the defaults before any import. */
export async function readBounds(db: Queryable): Promise<PlausibilityBounds> {
  const rows = await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'dvf_stats_bounds'`);
  const parsed = rows[0] ? boundsSchema.safeParse(JSON.parse(rows[0].value)) : null;
  return parsed?.success ? parsed.data : DEFAULT_BOUNDS;
}

/** Overall summary and one per month of the period (months without sales included). */
export async function statsWithMonthly(db: Queryable, f: SalesFilter): Promise<{ overall: StatSummary; monthly: MonthlyStat[] }> {
  const p = new Params();
  const rows = await db.query<SummaryRow & { month: string | null }>(
    `SELECT to_char(s.month, 'YYYY-MM') AS month, ${SUMMARY_COLUMNS}
       FROM dvf_sales s WHERE ${salesWhere(p, f)}
      GROUP BY GROUPING SETS ((s.month), ())`,
    p.values,
  );
  const byMonth = new Map(rows.filter((r) => r.month !== null).map((r) => [r.month as string, r]));
  return {
    overall: toSummary(rows.find((r) => r.month === null)),
    monthly: monthsBetween(f.from, f.to).map((month) => ({ month, ...toSummary(byMonth.get(month)) })),
  };
}

/** Per type: the summary of the period and one per month, in one scan (GROUPING SETS). */
export async function statsByTypeWithMonthly(
  db: Queryable,
  f: SalesFilter,
): Promise<Map<PropertyType, { overall: StatSummary; monthly: MonthlyStat[] }>> {
  const p = new Params();
  const rows = await db.query<SummaryRow & { code: number; month: string | null }>(
    `SELECT s.code_type_local AS code, to_char(s.month, 'YYYY-MM') AS month, ${SUMMARY_COLUMNS}
       FROM dvf_sales s WHERE ${salesWhere(p, f)}
      GROUP BY GROUPING SETS ((s.code_type_local), (s.code_type_local, s.month))`,
    p.values,
  );
  const months = monthsBetween(f.from, f.to);
  const out = new Map<PropertyType, { overall: StatSummary; monthly: MonthlyStat[] }>();
  for (const type of f.types) {
    const mine = rows.filter((r) => r.code === TYPE_CODES[type]);
    const byMonth = new Map(mine.filter((r) => r.month !== null).map((r) => [r.month as string, r]));
    out.set(type, {
      overall: toSummary(mine.find((r) => r.month === null)),
      monthly: months.map((month) => ({ month, ...toSummary(byMonth.get(month)) })),
    });
  }
  return out;
}

/** One summary per value of a grouping expression over `dvf_sales s`. */
export async function statsBy(db: Queryable, f: SalesFilter, groupExpr: string): Promise<Map<string, StatSummary>> {
  const p = new Params();
  const rows = await db.query<SummaryRow & { k: string }>(
    `SELECT (${groupExpr})::text AS k, ${SUMMARY_COLUMNS} FROM dvf_sales s WHERE ${salesWhere(p, f)} GROUP BY 1`,
    p.values,
  );
  return new Map(rows.map((r) => [r.k, toSummary(r)]));
}

/** Every €/m² of the filter, ascending (histogram). */
export async function pricesPerM2(db: Queryable, f: SalesFilter): Promise<number[]> {
  const p = new Params();
  const rows = await db.query<{ v: number }>(`SELECT s.prix_m2 AS v FROM dvf_sales s WHERE ${salesWhere(p, f)} ORDER BY 1`, p.values);
  return rows.map((r) => r.v);
}

export interface SectionStat extends StatSummary {
  code: string;
  lon: number;
  lat: number;
  /** The section's outline is known (its commune's cadastre imported): the map colours it. */
  outlined: boolean;
}

/**
 * Per cadastral section: summary, the mean position of its sales and whether its outline is known
 * (without it, the price map puts the section's median at that position).
 */
export async function statsBySection(db: Queryable, f: SalesFilter): Promise<SectionStat[]> {
  const p = new Params();
  const rows = await db.query<SummaryRow & { code: string; lon: number | null; lat: number | null; outlined: boolean }>(
    `SELECT g.*, EXISTS (SELECT 1 FROM cadastre_sections c WHERE c.code_section = g.code) AS outlined
       FROM (SELECT s.code_section AS code, avg(s.longitude) AS lon, avg(s.latitude) AS lat, ${SUMMARY_COLUMNS}
               FROM dvf_sales s WHERE ${salesWhere(p, f)} AND s.code_section IS NOT NULL
              GROUP BY s.code_section) g
      ORDER BY g.code`,
    p.values,
  );
  return rows
    .filter((r) => r.lon !== null && r.lat !== null)
    .map((r) => ({ code: r.code, lon: r.lon as number, lat: r.lat as number, outlined: r.outlined, ...toSummary(r) }));
}

/** Communes present among the sales of a zone (radius and section zones span several). */
export async function communesOfZone(db: Queryable, zone: Zone): Promise<string[]> {
  if (zone.kind === 'communes') return zone.insee;
  if (zone.kind === 'sections') return [...new Set(zone.sections.map((s) => s.slice(0, 5)))].sort();
  const p = new Params();
  const rows = await db.query<{ code: string }>(
    `SELECT DISTINCT s.code_commune AS code FROM dvf_sales s WHERE ${zoneClause(p, 's', zone)} ORDER BY 1`,
    p.values,
  );
  return rows.map((r) => r.code);
}

/** "Données DVF à jour au …": last mutation date loaded for these communes and the last DVF import. */
export async function dvfFreshness(
  db: Queryable,
  communes: readonly string[],
): Promise<{ lastMutationDate: string | null; importedAt: string | null }> {
  const [last] = await db.query<{ d: string | null }>(
    `SELECT max(date_mutation) AS d FROM dvf_mutations WHERE code_commune = ANY($1::text[])`,
    [withRecordedCodes(communes)],
  );
  const [run] = await db.query<{ t: Date | null }>(
    `SELECT max(finished_at) AS t FROM import_runs WHERE source IN ('dvf', 'dvf-raw') AND status = 'succeeded'`,
  );
  return { lastMutationDate: last?.d ?? null, importedAt: run?.t ? new Date(run.t).toISOString() : null };
}

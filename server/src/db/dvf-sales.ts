/**
 * Building blocks of the market queries: the WHERE clauses of a zone, a period, types and natures
 * over `dvf_sales` (see docs/data-model.md). The parameter list is server/src/db/params.ts, radius
 * clauses server/src/db/spatial.ts.
 */

import type { Zone } from '@immoloupe/shared/market/contracts';
import { type Nature, type PropertyType, TYPE_CODES } from '@immoloupe/shared/market/dvf';
import { withFormerSections, withRecordedCodes } from '../places/communes.js';
import type { Params } from './params.js';
import { radiusClause } from './spatial.js';

/** Labels of each nature as DVF files write them (with either apostrophe, with or without accent). */
export const NATURE_DB_LABELS: Record<Nature, string[]> = {
  vente: ['Vente'],
  vefa: ["Vente en l'état futur d'achèvement", 'Vente en l’état futur d’achèvement'],
  adjudication: ['Adjudication'],
  echange: ['Échange', 'Echange'],
  expropriation: ['Expropriation'],
  terrain: ['Vente terrain à bâtir'],
};

export function natureLabels(natures: readonly Nature[]): string[] {
  return natures.flatMap((n) => NATURE_DB_LABELS[n]);
}

export function typeCodes(types: readonly PropertyType[]): number[] {
  return types.map((t) => TYPE_CODES[t]);
}

/** A zone of the API, or whole départements (the comparisons of the market analysis). */
export type SqlZone = Zone | { kind: 'departements'; codes: string[] };

export function zoneClause(p: Params, alias: string, zone: SqlZone): string {
  switch (zone.kind) {
    case 'departements':
      return `${alias}.code_departement = ANY(${p.add(zone.codes)}::text[])`;
    case 'communes':
      return `${alias}.code_commune = ANY(${p.add(withRecordedCodes(zone.insee))}::text[])`;
    case 'sections':
      return `${alias}.code_section = ANY(${p.add(withFormerSections(zone.sections))}::text[])`;
    case 'radius':
      return radiusClause(p, alias, zone.lat, zone.lon, zone.radius);
  }
}

export interface SalesFilter {
  zone: SqlZone;
  from: string;
  to: string;
  types: readonly PropertyType[];
  natures: readonly Nature[];
}

/** Every condition of a statistic over `dvf_sales s`. */
export function salesWhere(p: Params, f: SalesFilter, alias = 's'): string {
  return [
    zoneClause(p, alias, f.zone),
    // `month` as well, so that the (code_commune, month) and (code_section, month) indexes bound the scan.
    `${alias}.month BETWEEN date_trunc('month', ${p.add(f.from)}::date)::date AND ${p.add(f.to)}::date`,
    `${alias}.date_mutation BETWEEN ${p.add(f.from)}::date AND ${p.add(f.to)}::date`,
    `${alias}.code_type_local = ANY(${p.add(typeCodes(f.types))}::smallint[])`,
    `${alias}.nature_mutation = ANY(${p.add(natureLabels(f.natures))}::text[])`,
    // METHODOLOGY §1.6: set by the importer from the bounds stored in app_settings (`readBounds`).
    `${alias}.within_bounds`,
  ].join(' AND ');
}

/** The aggregate columns of a StatSummary over `prix_m2` (percentile_cont, as the shared code). */
export const SUMMARY_COLUMNS = `count(*)::int AS n,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY s.prix_m2) AS median,
  avg(s.prix_m2) AS mean,
  percentile_cont(0.25) WITHIN GROUP (ORDER BY s.prix_m2) AS q1,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY s.prix_m2) AS q3`;

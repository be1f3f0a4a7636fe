/** The part of the DVF data a refresh recomputes after an import (sales, map points and cells, statistics). */

/**
 * What a refresh recomputes: the communes (a query returning `code_commune`), and when `years` is
 * given only their years it lists (a query returning `code_commune, year`, the first day of the
 * year). A DVF file replaces (commune, year) pairs: the sales, points, cells and statistics of the
 * other years of its communes do not change. Recomputing them made a département loaded year by
 * year slower at each year: its fifth file took 68,3 s against 14,2 s for the first, 19,6 s now
 * (decision 0850, amendment 4).
 */
export interface DvfScope {
  communes: string;
  years?: string;
}

/** SQL condition: a row of commune `commune` dated `date` is in the scope. */
export function inScopeSql(scope: DvfScope, commune: string, date: string): string {
  const base = `${commune} IN (${scope.communes})`;
  return scope.years ? `${base} AND (${commune}, date_trunc('year', ${date})::date) IN (${scope.years})` : base;
}

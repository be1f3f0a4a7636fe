/** The part of the DVF data a refresh recomputes after an import (sales, map points and cells, statistics). */

/**
 * What a refresh recomputes: the communes (a query returning `code_commune`), and when `years` is
 * given only their years it lists (a query returning `code_commune, year`, the first day of the
 * year). A DVF file replaces (commune, year) pairs: the sales, points, cells and statistics of the
 * other years of its communes do not change. Recomputing them made a département loaded year by
 * year slower at each year: its fifth file took 68,3 s against 14,2 s for the first (decision
 * 0850).
 */
export interface DvfScope {
  communes: string;
  years?: string;
  /**
   * Set by a merge: within the scope, only these mutations changed, so their sales and points are
   * the only ones rebuilt — from the file's lines rather than from the stored tables, which a
   * département's later years made a scan of every line and mutation (decision 0850). The other
   * mutations of the scope's pairs keep theirs: a sale or point depends on its mutation alone.
   */
  changed?: DvfChange;
}

export interface DvfChange {
  /** Query returning `id_mutation` of every mutation the merge deleted (the file's own included). */
  replaced: string;
  /**
   * Table of the file's lines as stored: `dvf_lines`' columns, the stored position as `lon`, `lat`,
   * every line of each of its mutations.
   */
  lines: string;
}

/** A scope, or the communes of a query returning `code_commune`, as a scope. */
export function dvfScope(scopeOrCommunes: DvfScope | string): DvfScope {
  return typeof scopeOrCommunes === 'string' ? { communes: scopeOrCommunes } : scopeOrCommunes;
}

/** SQL condition: a row of commune `commune` dated `date` is in the scope. */
export function inScopeSql(scope: DvfScope, commune: string, date: string): string {
  const base = `${commune} IN (${scope.communes})`;
  return scope.years ? `${base} AND (${commune}, date_trunc('year', ${date}::timestamp)::date) IN (${scope.years})` : base;
}

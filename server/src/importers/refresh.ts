/**
 * What a feature recomputes after an import, registered with the pipeline (the pipeline never
 * imports a feature, .dependency-cruiser.cjs): a refresh names the sources it follows and runs in
 * the import's merge transaction, after the merge, with the staging table still there, so that a
 * failed refresh leaves the previous data and its derived figures intact together.
 */
import type { Queryable } from '../db/client.js';
import type { Source } from './importer.js';

export interface RefreshContext {
  source: Source;
  runId: number;
  /** The staging table of the file just merged (its columns are the importer's). */
  stage: string;
}

export interface ImportRefresh {
  /** Unique name: registering the same name again replaces nothing. */
  name: string;
  sources: readonly Source[];
  run(tx: Queryable, ctx: RefreshContext): Promise<Record<string, number | string | null> | undefined>;
}

const registered: ImportRefresh[] = [];

export function registerImportRefresh(refresh: ImportRefresh): void {
  if (!registered.some((r) => r.name === refresh.name)) registered.push(refresh);
}

export function refreshesOf(source: Source): readonly ImportRefresh[] {
  return registered.filter((r) => r.sources.includes(source));
}

/** What every importer provides to the runner (`run.ts`): how to read its file, how to merge it. */
import type { PlausibilityBounds } from '@immoloupe/shared/market/mutation.logic';
import { type OpenDataSource, SOURCE_NAMES } from '@immoloupe/shared/opendata/contracts';
import type { Queryable } from '../db/client.js';
import type { TextInput } from './input.js';
import type { Column, StageValue } from './stage.js';

/** Every source, in the order a batch imports them: parcels first, so DVF rows find their centroid. */
export const SOURCES = [
  'cadastre',
  'batiments',
  'ban',
  'copro',
  'dvf-raw',
  'dvf',
  'dpe',
  'personnes-morales',
  'annonces',
  'loyers',
  'plu',
  'gaspar',
  'icpe',
  'basias',
  'sitadel',
] as const satisfies readonly OpenDataSource[];
export type Source = OpenDataSource;
/** French names, from the shared contract the pages use too. */
export const SOURCE_LABELS: Record<Source, string> = SOURCE_NAMES;

export interface ReadContext {
  /** Counts a rejected data row, with its line in the file and a French reason. */
  reject(line: number, reason: string): void;
  /** Counts a data row read (kept or rejected). */
  readonly fileName: string;
}

export interface MergeContext {
  runId: number;
  fileName: string;
  bounds: PlausibilityBounds;
}

export interface MergeResult {
  vintage: string | null;
  summary: Record<string, number | string | null>;
}

export interface Importer {
  source: Source;
  columns: readonly Column[];
  /**
   * Staging columns the merge joins or filters on: the planner statistics of the staging table are
   * gathered for these only (all columns when absent) — a wide file's full ANALYZE costs seconds.
   */
  analyze?: readonly string[];
  /** Staging rows of the file, in order; bad rows go to `ctx.reject`. Throws an ImportError for a wrong file. */
  rows(input: TextInput, ctx: ReadContext): AsyncIterable<readonly StageValue[]>;
  /** Set-based merge of the staging table into the data tables, inside the import's transaction. */
  merge(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult>;
}

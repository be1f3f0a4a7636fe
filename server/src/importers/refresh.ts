/**
 * What a feature recomputes after an import, registered with the pipeline (the pipeline never
 * imports a feature, .dependency-cruiser.cjs): a refresh names the sources it follows and runs in
 * the import's merge transaction, after the merge, with the staging table still there, so that a
 * failed refresh leaves the previous data and its derived figures intact together.
 */
import type { Queryable } from '../db/client.js';
import type { DvfScope } from './dvf-scope.js';
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

/**
 * Points inside a merge where what a feature derives must follow at once, before the merge goes
 * on (the DVF sales' map cells before the statistics, inside the merge's index deferral). A
 * handler returns figures for the import summary, or nothing.
 */
export interface ImportEvents {
  /** BAN: the addresses of these communes (a query of `code_insee`) were replaced. */
  addressesReplaced: { communesSql: string };
  /** DPE: the staged diagnostics were written. */
  dpeMerged: { stage: string };
  /** Cadastre: the current parcels of these communes (a query of `code_commune`) changed. */
  parcelsChanged: { communesSql: string };
  /** DVF: the sales of this scope changed; `bulk` when the file is as big as what is stored. */
  salesChanged: { scope: DvfScope | string; bulk: boolean };
  /** Listing feeds: the staged listings (a `fields` jsonb column) go into the shared pool. */
  listingsStaged: { stage: string; runId: number };
}

/** Every event, for the test that each has a handler once the product registers its hooks. */
export const IMPORT_EVENTS = [
  'addressesReplaced',
  'dpeMerged',
  'parcelsChanged',
  'salesChanged',
  'listingsStaged',
] as const satisfies readonly (keyof ImportEvents)[];

export type ImportEventHandler<K extends keyof ImportEvents> = (
  tx: Queryable,
  payload: ImportEvents[K],
) => Promise<Record<string, number | string | null> | undefined>;

type Registered<K extends keyof ImportEvents> = { name: string; run: ImportEventHandler<K> }[];

const handlers = new Map<keyof ImportEvents, unknown[]>();

function handlersOf<K extends keyof ImportEvents>(event: K): Registered<K> {
  let list = handlers.get(event);
  if (!list) {
    list = [];
    handlers.set(event, list);
  }
  return list as Registered<K>;
}

/** The names of an event's handlers, in their order. */
export function handlerNames(event: keyof ImportEvents): string[] {
  return handlersOf(event).map((h) => h.name);
}

/** Registers a feature's handler of an import event (idempotent by name). */
export function onImportEvent<K extends keyof ImportEvents>(event: K, name: string, run: ImportEventHandler<K>): void {
  const list = handlersOf(event);
  if (!list.some((h) => h.name === name)) list.push({ name, run });
}

/**
 * Runs the handlers of an event and returns their figures together. Every event has a handler in
 * this product: none registered means the entry point forgot `registerImportHooks()` (import-hooks.ts),
 * and the import stops rather than leave derived data behind.
 */
export async function emitImportEvent<K extends keyof ImportEvents>(
  tx: Queryable,
  event: K,
  payload: ImportEvents[K],
): Promise<Record<string, number | string | null>> {
  const list = handlersOf(event);
  if (list.length === 0) throw new Error(`No handler for the import event ${event}: call registerImportHooks() at start-up`);
  const figures: Record<string, number | string | null> = {};
  for (const h of list) Object.assign(figures, await h.run(tx, payload));
  return figures;
}

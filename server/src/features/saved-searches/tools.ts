/**
 * The server side of each saved-search tool: how many results its saved query gives now, through
 * the tool's own query functions. A new tool adds one entry here and one in the shared registry.
 */
import { placeOf, transactionFilterSchema } from '@immoloupe/shared/market/transactions-contracts';
import { parcelSearchQuerySchema } from '@immoloupe/shared/opendata/contracts';
import { queryParams, type SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';
import type { Queryable } from '../../db/client.js';
import { countPoolSearch } from '../listings/pool.js';
import { parcelsOfCommune } from '../parcels/queries.js';
import { resolveCommune } from '../parcels/routes.js';
import { listTransactions } from '../transactions/queries.js';

/** `userId`: the search's owner, for tools whose zone can be « ma zone » (the owner's territory). */
type Counter = (db: Queryable, params: Record<string, string>, userId: string) => Promise<number>;

export const TOOL_COUNTS: Record<SavedSearchToolId, Counter> = {
  async transactions(db, params) {
    const f = transactionFilterSchema.parse(params);
    const place = placeOf(f);
    if (typeof place === 'string') return 0;
    return (await listTransactions(db, f, place, { sort: 'date', order: 'desc', limit: 1, offset: 0 })).total;
  },
  async parcelles(db, params) {
    const q = parcelSearchQuerySchema.parse(params);
    const commune = resolveCommune(q.commune);
    return commune ? (await parcelsOfCommune(db, commune.code, { ...q, limit: 1, offset: 0 })).total : 0;
  },
  annonces: countPoolSearch,
};

export async function countResults(db: Queryable, tool: SavedSearchToolId, query: string, userId: string): Promise<number> {
  return TOOL_COUNTS[tool](db, queryParams(query), userId);
}

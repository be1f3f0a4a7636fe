/**
 * The server side of each saved-search tool: how many results its saved query gives now, through
 * the tool's own query functions. A new tool adds one entry here and one in the shared registry.
 */
import { transactionFilterSchema } from '@immoloupe/shared/market/transactions-contracts';
import { parcelSearchQuerySchema } from '@immoloupe/shared/opendata/contracts';
import { queryParams, type SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';
import type { Queryable } from '../../db/client.js';
import { parcelsOfZone } from '../parcels/queries.js';
import { resolveCommune } from '../parcels/routes.js';
import { placeForUser } from '../transactions/place.js';
import { listTransactions } from '../transactions/queries.js';
import { readTerritory } from '../zone/territory.js';

/** `userId`: the search's owner, for tools whose zone can be « ma zone » (the owner's territory). */
type Counter = (db: Queryable, params: Record<string, string>, userId: string) => Promise<number>;

export const TOOL_COUNTS: Record<SavedSearchToolId, Counter> = {
  async transactions(db, params, userId) {
    const f = transactionFilterSchema.parse(params);
    const place = await placeForUser(db, userId, f);
    if (typeof place === 'string') return 0;
    return (await listTransactions(db, f, place, { sort: 'date', order: 'desc', limit: 1, offset: 0 })).total;
  },
  async parcelles(db, params, userId) {
    const q = parcelSearchQuerySchema.parse(params);
    if (q.commune) {
      const commune = resolveCommune(q.commune);
      return commune ? (await parcelsOfZone(db, { kind: 'commune', code: commune.code }, { ...q, limit: 1, offset: 0 })).total : 0;
    }
    const territory = await readTerritory(db, userId);
    return territory
      ? (
          await parcelsOfZone(
            db,
            { kind: 'territory', geometry: territory.geometry, communes: territory.communes },
            { ...q, limit: 1, offset: 0 },
          )
        ).total
      : 0;
  },
};

export async function countResults(db: Queryable, tool: SavedSearchToolId, query: string, userId: string): Promise<number> {
  return TOOL_COUNTS[tool](db, queryParams(query), userId);
}

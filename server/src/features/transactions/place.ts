/**
 * The place of a transactions request once « ma zone » is resolved: `zone=mine`, or no place at
 * all when the user has a territory, reads that user's territory (never another user's).
 */
import { namesPlace, placeOf, type TransactionFilter, type TransactionPlace } from '@immoloupe/shared/market/transactions-contracts';
import type { Queryable } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { NO_TERRITORY_MESSAGE, readTerritory } from '../zone/index.js';

/** The place, or a French message saying why there is none (contradiction, missing place, no territory). */
export async function placeForUser(
  db: Queryable,
  userId: string | undefined,
  f: Partial<TransactionFilter>,
): Promise<TransactionPlace | string> {
  const place = placeOf(f);
  if (typeof place !== 'string' && place.kind !== 'mine') return place;
  if (typeof place === 'string' && namesPlace(f)) return place;
  const territory = userId ? await readTerritory(db, userId) : null;
  if (territory) return { kind: 'territory', geometry: territory.geometry, communes: territory.communes };
  return typeof place === 'string' ? place : NO_TERRITORY_MESSAGE;
}

/** Same, a 400 with the French message when there is no place to use. */
export async function resolvePlace(db: Queryable, userId: string | undefined, f: Partial<TransactionFilter>): Promise<TransactionPlace> {
  const place = await placeForUser(db, userId, f);
  if (typeof place === 'string') throw new HttpError(400, place);
  return place;
}

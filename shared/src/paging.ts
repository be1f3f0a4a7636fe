/**
 * The paging contract of a per-user list (decision 1440, then 1500): `?page=&sort=&order=` in, and
 * the answer says its page — `total` (on every page), `page`, `pageSize`, `sort`, `order`. Without
 * `page`, a list answers every item, as the callers that need them all (a select, a map, a CSV) read it.
 */
import { z } from 'zod';

export const PAGE_ORDERS = ['asc', 'desc'] as const;
export type PageOrder = (typeof PAGE_ORDERS)[number];

/** A page number of a query string: 1 to 10 000, in French when wrong. */
export const pageNumberSchema = z.coerce
  .number({ error: 'Numéro de page invalide.' })
  .int('Numéro de page invalide.')
  .min(1, 'Numéro de page invalide (1 au moins).')
  .max(10_000, 'Numéro de page invalide (10 000 au plus).');

/** « a, b ou c » for the French message of a bad sort. */
function choices(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} ou ${values.at(-1)}`;
}

/** The query fields of a paged list: `page` optional (none: every item), `sort` among `sorts`, `order`. */
export function pageQueryFields<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number], defaultOrder: PageOrder) {
  return {
    page: pageNumberSchema.optional(),
    sort: z.enum(sorts, { error: `Tri\u00a0: ${choices(sorts)}.` }).default(defaultSort),
    order: z.enum(PAGE_ORDERS, { error: 'Ordre\u00a0: asc ou desc.' }).default(defaultOrder),
  };
}

/** The fields every answer of a paged list carries beside its items. */
export function pageResponseFields<const S extends readonly [string, ...string[]]>(sorts: S) {
  return {
    /** Items of the list on every page. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    sort: z.enum(sorts),
    order: z.enum(PAGE_ORDERS),
  };
}

/** The SQL `LIMIT`/`OFFSET` of a page (none without `page`: every item). */
export function pageWindow(page: number | undefined, pageSize: number): { limit: number | null; offset: number } {
  return page === undefined ? { limit: null, offset: 0 } : { limit: pageSize, offset: (page - 1) * pageSize };
}

/** The listing feeds' rows go into the shared pool by the store's rules (decision 0910). */
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { onImportEvent } from '../../importers/refresh.js';
import { saveSighting } from './store.js';

export function registerListingsImportHooks(): void {
  onImportEvent('listingsStaged', 'listingsPool', async (tx, { stage, runId }) => {
    const rows = await tx.query<{ fields: ListingFields }>(`SELECT fields FROM ${stage} ORDER BY source_line`);
    let created = 0;
    let merged = 0;
    let pricePoints = 0;
    for (const { fields } of rows) {
      const saved = await saveSighting(tx, null, fields, runId, { pricePointOnlyOnChange: true });
      if (saved.merged) merged++;
      else created++;
      if (saved.pricePoint !== 'none') pricePoints++;
    }
    const [pool] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE user_id IS NULL');
    return {
      annonces_lues: rows.length,
      nouvelles: created,
      deja_connues: merged,
      points_de_prix: pricePoints,
      annonces_du_pool: pool?.n ?? 0,
    };
  });
}

/** What the map tiles derive from an import: the tile cache, the section and commune outlines, the sales' map cells. */
import { withIndexesDeferred } from '../../importers/bulk-indexes.js';
import { onImportEvent } from '../../importers/refresh.js';
import { clearTileCache, refreshOutlines } from './outlines.js';
import { refreshMapCells } from './sales.js';

export function registerTilesImportHooks(): void {
  // The basemap's street names come from the BAN addresses.
  onImportEvent('addressesReplaced', 'tileCache', async (tx) => {
    await clearTileCache(tx);
    return undefined;
  });
  onImportEvent('parcelsChanged', 'outlines', (tx, { communesSql }) => refreshOutlines(tx, communesSql));
  onImportEvent('salesChanged', 'mapCells', async (tx, { scope, bulk }) => {
    await withIndexesDeferred(tx, ['dvf_map_points', 'dvf_map_cells'], bulk, () => refreshMapCells(tx, scope));
    return undefined;
  });
}

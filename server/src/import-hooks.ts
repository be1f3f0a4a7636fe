/**
 * What each feature derives from an import, registered with the pipeline (importers/refresh.ts),
 * which never imports a feature. Every entry point that imports calls this once: the server
 * (app.ts), the CLI, the test set-ups and the benchmarks.
 */
import { registerDpeImportHooks } from './features/dpe/import-hooks.js';
import { registerLandRefresh } from './features/land/index.js';
import { registerListingsImportHooks } from './features/listings/import-hooks.js';
import { registerTilesImportHooks } from './features/tiles/import-hooks.js';

export function registerImportHooks(): void {
  registerTilesImportHooks();
  registerDpeImportHooks();
  registerListingsImportHooks();
  registerLandRefresh();
}

/** Per-file set-up of the server tests: the same process-wide settings as the app's entry. */
import '@immoloupe/shared/zod-locale';
import { registerLandRefresh } from '../features/land/index.js';

// The imports of a test derive the parcels' land figures, as those of the CLI and of the server's jobs do.
registerLandRefresh();

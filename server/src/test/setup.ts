/** Per-file set-up of the server tests: the same process-wide settings as the app's entry. */
import '@immoloupe/shared/zod-locale';
import { registerImportHooks } from '../import-hooks.js';

// The imports of a test derive what the features derive, as those of the CLI and of the server do.
registerImportHooks();

/** Per-file set-up of the server tests: the same process-wide settings as the app's entry. */
import '@immoloupe/shared/zod-locale';

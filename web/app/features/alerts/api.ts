/** Calls of the alerts API that the pages with an alert choice read. */
import { alertStatusSchema } from '@immoloupe/shared/alerts/contracts';
import { apiFetch } from '~/lib/api';

export const readAlertStatus = () => apiFetch('/api/alerts/status', alertStatusSchema);

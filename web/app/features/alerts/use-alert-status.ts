/**
 * Whether this site sends alert e-mails (`/api/alerts/status`), read once by a page that offers an
 * alert choice: null until known, and when it could not be read (the choice stays usable).
 */
import type { AlertStatus } from '@immoloupe/shared/alerts/contracts';
import { useQuery } from '@tanstack/react-query';
import { REFERENCE_STALE_MS } from '~/lib/query-client';
import { readAlertStatus } from './api';

export function useAlertStatus(): AlertStatus | null {
  const q = useQuery({ queryKey: ['alerts', 'status'], queryFn: () => readAlertStatus(), staleTime: REFERENCE_STALE_MS });
  return q.data ?? null;
}

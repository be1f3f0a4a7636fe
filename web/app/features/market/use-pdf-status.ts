/** Whether this server can print reports as PDF (`/api/reports/status`): false until known, and when it cannot be read. */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';
import { REFERENCE_STALE_MS } from '~/lib/query-client';

const statusSchema = z.object({ pdf: z.boolean() });

export function usePdfAvailable(): boolean {
  const q = useQuery({
    queryKey: ['reports', 'status'],
    queryFn: ({ signal }) => apiFetch('/api/reports/status', statusSchema, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
  return q.data?.pdf ?? false;
}

/** The audit log's data: one page of entries for the filters chosen, read again when they change. */
import { auditListResponseSchema } from '@immoloupe/shared/admin/audit-contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText, useLastAnswer } from '~/lib/query-client';

export interface AuditFilters {
  action: string | null;
  q: string;
  page: number;
}

export function useAuditLog(filters: AuditFilters) {
  const { action, q: text, page } = filters;
  const q = useQuery({
    queryKey: ['admin', 'audit', { action, q: text, page }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), ...(action ? { action } : {}), ...(text ? { q: text } : {}) });
      return apiFetch(`/api/admin/audit?${params}`, auditListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
  // The last page read stays on screen under the message of a failed one, as it always has.
  const data = useLastAnswer(q.data);
  return { data: data ?? null, error: errorText(q.error, 'Le journal n’a pas pu être chargé.'), reload: q.refetch };
}

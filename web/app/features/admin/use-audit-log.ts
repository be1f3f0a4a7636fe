/** The audit log's data: one page of entries for the filters chosen, reloaded when they change. */
import { type AuditListResponse, auditListResponseSchema } from '@immoloupe/shared/admin/audit-contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export interface AuditFilters {
  action: string | null;
  q: string;
  page: number;
}

export function useAuditLog(filters: AuditFilters) {
  const [data, setData] = useState<AuditListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { action, q, page } = filters;
  const load = useCallback(async () => {
    const params = new URLSearchParams({ page: String(page), ...(action ? { action } : {}), ...(q ? { q } : {}) });
    try {
      setData(await apiFetch(`/api/admin/audit?${params}`, auditListResponseSchema));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Le journal n’a pas pu être chargé.');
    }
  }, [action, q, page]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, error, reload: load };
}

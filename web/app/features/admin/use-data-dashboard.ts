/** The data dashboard's data, read when the tab opens. */
import { dataDashboardSchema } from '@immoloupe/shared/admin/data-dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

export function useDataDashboard() {
  const q = useQuery({
    queryKey: ['admin', 'data-dashboard'],
    queryFn: ({ signal }) => apiFetch('/api/admin/data', dataDashboardSchema, { signal }),
  });
  return { data: q.data ?? null, error: errorText(q.error, 'Le tableau de bord n’a pas pu être chargé.') };
}

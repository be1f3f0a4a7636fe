/** The data dashboard's data, loaded once when the tab opens. */
import { type DataDashboard, dataDashboardSchema } from '@immoloupe/shared/admin/data-dashboard';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function useDataDashboard() {
  const [data, setData] = useState<DataDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiFetch('/api/admin/data', dataDashboardSchema)
      .then(setData)
      .catch((err) => setError(err instanceof ApiError ? err.message : 'Le tableau de bord n’a pas pu être chargé.'));
  }, []);
  return { data, error };
}

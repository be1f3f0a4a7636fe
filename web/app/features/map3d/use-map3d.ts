/** The 3D map's data for the commune and period chosen (the server picks the defaults). */
import { type Map3dResponse, map3dResponseSchema } from '@immoloupe/shared/map3d/contracts';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function useMap3d(commune: string | null, combine: boolean) {
  const [data, setData] = useState<Map3dResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams({ ...(commune ? { commune } : {}), ...(combine ? { combine: '1' } : {}) });
    apiFetch(`/api/map3d?${params}`, map3dResponseSchema)
      .then((d) => live && setData(d))
      .catch((err) => live && setError(err instanceof ApiError ? err.message : 'La carte n’a pas pu être chargée.'));
    return () => {
      live = false;
    };
  }, [commune, combine]);
  return { data, error };
}

/** The 3D map's data for the commune and period chosen (the server picks the defaults). */
import { map3dResponseSchema } from '@immoloupe/shared/map3d/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

export function useMap3d(commune: string | null, combine: boolean) {
  const params = new URLSearchParams({ ...(commune ? { commune } : {}), ...(combine ? { combine: '1' } : {}) }).toString();
  const q = useQuery({
    queryKey: ['map3d', params],
    queryFn: ({ signal }) => apiFetch(`/api/map3d?${params}`, map3dResponseSchema, { signal }),
    // The map keeps drawing the last commune until the next one arrives.
    placeholderData: keepPreviousData,
  });
  return { data: q.data ?? null, error: errorText(q.error, 'La carte n’a pas pu être chargée.') };
}

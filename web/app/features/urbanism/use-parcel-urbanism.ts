/** Loads the urban planning of one parcel (`GET /api/parcels/:id/urbanisme`). */
import { type ParcelUrbanism, parcelUrbanismSchema } from '@immoloupe/shared/urbanism/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

/** The parcel's zone and its plan (two panels read it): one request for both. */
export function useParcelUrbanism(id: string): { data: ParcelUrbanism | null; error: string | null; loading: boolean } {
  const q = useQuery({
    queryKey: ['urbanism', 'parcel', id],
    queryFn: ({ signal }) => apiFetch(`/api/parcels/${encodeURIComponent(id)}/urbanisme`, parcelUrbanismSchema, { signal }),
  });
  return {
    data: q.data ?? null,
    error: errorText(q.error, 'L’urbanisme de la parcelle n’a pas pu être chargé.'),
    loading: q.isPending,
  };
}

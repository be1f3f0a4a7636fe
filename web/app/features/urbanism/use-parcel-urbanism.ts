/** Loads the urban planning of one parcel (`GET /api/parcels/:id/urbanisme`). */
import { type ParcelUrbanism, parcelUrbanismSchema } from '@immoloupe/shared/urbanism/contracts';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function useParcelUrbanism(id: string): { data: ParcelUrbanism | null; error: string | null; loading: boolean } {
  const [state, setState] = useState<{ data: ParcelUrbanism | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null, loading: true });
    apiFetch(`/api/parcels/${encodeURIComponent(id)}/urbanisme`, parcelUrbanismSchema)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch(
        (err: unknown) =>
          live &&
          setState({
            data: null,
            error: err instanceof ApiError ? err.message : 'L’urbanisme de la parcelle n’a pas pu être chargé.',
            loading: false,
          }),
      );
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}

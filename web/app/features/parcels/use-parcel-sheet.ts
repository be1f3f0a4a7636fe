/** Loads the sheet of one parcel (`GET /api/parcels/:id`), or nothing when no parcel is chosen. */
import { type ParcelSheet, parcelSheetSchema } from '@immoloupe/shared/parcels/sheet-contracts';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function useParcelSheet(id: string | null): { sheet: ParcelSheet | null; error: string | null; loading: boolean } {
  const [sheet, setSheet] = useState<ParcelSheet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setSheet(null);
    setError(null);
    if (!id) return;
    let live = true;
    setLoading(true);
    apiFetch(`/api/parcels/${encodeURIComponent(id)}`, parcelSheetSchema)
      .then((s) => live && setSheet(s))
      .catch((err: unknown) => live && setError(err instanceof ApiError ? err.message : 'La fiche de la parcelle n’a pas pu être chargée.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id]);
  return { sheet, error, loading };
}

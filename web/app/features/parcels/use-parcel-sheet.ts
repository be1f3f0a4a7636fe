/** Loads the sheet of one parcel (`GET /api/parcels/:id`), or nothing when no parcel is chosen. */
import { type ParcelSheet, parcelSheetSchema } from '@immoloupe/shared/parcels/sheet-contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

export function useParcelSheet(id: string | null): { sheet: ParcelSheet | null; error: string | null; loading: boolean } {
  // Another parcel chosen shows nothing of the previous one’s sheet while its own is read; one seen
  // before shows its sheet at once, read again meanwhile.
  const q = useQuery({
    queryKey: ['parcels', 'sheet', id],
    queryFn: ({ signal }) => apiFetch(`/api/parcels/${encodeURIComponent(id ?? '')}`, parcelSheetSchema, { signal }),
    enabled: Boolean(id),
  });
  if (!id) return { sheet: null, error: null, loading: false };
  return { sheet: q.data ?? null, error: errorText(q.error, 'La fiche de la parcelle n’a pas pu être chargée.'), loading: q.isPending };
}

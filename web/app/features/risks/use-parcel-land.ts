/**
 * Loads the risks and the permits around one parcel (`GET /api/parcels/:id/risks` and `/permits`)
 * or a point (`GET /api/risks?lat=&lon=&insee=`, the address analysis).
 */
import { type Permits, permitsSchema } from '@immoloupe/shared/permits/contracts';
import { type Risks, risksSchema } from '@immoloupe/shared/risks/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

function useLand<T>(what: 'risks' | 'permits', path: string, schema: ZodType<T>, failure: string): Loaded<T> {
  const q = useQuery({
    queryKey: ['risks', what, path],
    queryFn: ({ signal }) => apiFetch(path, schema, { signal }),
  });
  return { data: q.data ?? null, error: errorText(q.error, failure), loading: q.isPending };
}

export const useRisks = (path: string) => useLand<Risks>('risks', path, risksSchema, 'Les risques n’ont pas pu être chargés.');
export const useParcelPermits = (id: string) =>
  useLand<Permits>('permits', `/api/parcels/${encodeURIComponent(id)}/permits`, permitsSchema, 'Les permis n’ont pas pu être chargés.');

export const parcelRisksPath = (id: string) => `/api/parcels/${encodeURIComponent(id)}/risks`;
export const pointRisksPath = (p: { lat: number; lon: number; insee: string }) =>
  `/api/risks?${new URLSearchParams({ lat: String(p.lat), lon: String(p.lon), insee: p.insee })}`;

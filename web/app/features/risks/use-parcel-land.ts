/**
 * Loads the risks and the permits around one parcel (`GET /api/parcels/:id/risks` and `/permits`)
 * or a point (`GET /api/risks?lat=&lon=&insee=`, the address analysis).
 */
import { type Permits, permitsSchema } from '@immoloupe/shared/permits/contracts';
import { type Risks, risksSchema } from '@immoloupe/shared/risks/contracts';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

function useLand<T>(path: string, schema: ZodType<T>, failure: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null, loading: true });
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null, loading: true });
    apiFetch(path, schema)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch((err: unknown) => live && setState({ data: null, error: err instanceof ApiError ? err.message : failure, loading: false }));
    return () => {
      live = false;
    };
  }, [path, schema, failure]);
  return state;
}

export const useRisks = (path: string) => useLand<Risks>(path, risksSchema, 'Les risques n’ont pas pu être chargés.');
export const useParcelPermits = (id: string) =>
  useLand<Permits>(`/api/parcels/${encodeURIComponent(id)}/permits`, permitsSchema, 'Les permis n’ont pas pu être chargés.');

export const parcelRisksPath = (id: string) => `/api/parcels/${encodeURIComponent(id)}/risks`;
export const pointRisksPath = (p: { lat: number; lon: number; insee: string }) =>
  `/api/risks?${new URLSearchParams({ lat: String(p.lat), lon: String(p.lon), insee: p.insee })}`;

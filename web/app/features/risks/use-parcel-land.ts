/** Loads the risks and the permits around one parcel (`GET /api/parcels/:id/risks` and `/permits`). */
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

function useParcelPart<T>(id: string, part: 'risks' | 'permits', schema: ZodType<T>, failure: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null, loading: true });
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null, loading: true });
    apiFetch(`/api/parcels/${encodeURIComponent(id)}/${part}`, schema)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch((err: unknown) => live && setState({ data: null, error: err instanceof ApiError ? err.message : failure, loading: false }));
    return () => {
      live = false;
    };
  }, [id, part, schema, failure]);
  return state;
}

export const useParcelRisks = (id: string) => useParcelPart<Risks>(id, 'risks', risksSchema, 'Les risques n’ont pas pu être chargés.');
export const useParcelPermits = (id: string) =>
  useParcelPart<Permits>(id, 'permits', permitsSchema, 'Les permis n’ont pas pu être chargés.');

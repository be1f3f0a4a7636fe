/** The extension packages this server offers (size, build date), for the download buttons. */
import { type Packages, packagesSchema } from '@immoloupe/shared/extension/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText, REFERENCE_STALE_MS } from '~/lib/query-client';

export function usePackages(): { packages: Packages | null; error: string | null } {
  const q = useQuery({
    queryKey: ['extension', 'packages'],
    queryFn: ({ signal }) => apiFetch('/api/extension/packages', packagesSchema, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
  return { packages: q.data ?? null, error: errorText(q.error, 'La liste des paquets n’a pas pu être chargée.') };
}

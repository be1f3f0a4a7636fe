/** The extension packages this server offers (size, build date), for the download buttons. */
import { type Packages, packagesSchema } from '@immoloupe/shared/extension/contracts';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function usePackages(): { packages: Packages | null; error: string | null } {
  const [packages, setPackages] = useState<Packages | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiFetch('/api/extension/packages', packagesSchema).then(setPackages, (err: unknown) =>
      setError(err instanceof ApiError ? err.message : 'La liste des paquets n’a pas pu être chargée.'),
    );
  }, []);
  return { packages, error };
}

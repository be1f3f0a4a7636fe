/** The state of /pro/mesadresses: the list (optionally by tag), its reload, and the changes with their French errors. */
import type { SavedAddressList, SavedAddressUpdate } from '@immoloupe/shared/saved-addresses/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '~/lib/api';
import { deleteSavedAddress, listSavedAddresses, updateSavedAddress } from './api';

function message(err: unknown): string {
  return err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’opération a échoué.';
}

export function useSavedAddresses() {
  const [tag, setTag] = useState<string | null>(null);
  const [list, setList] = useState<SavedAddressList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await listSavedAddresses(tag));
      setError(null);
    } catch (err) {
      setError(message(err));
    }
  }, [tag]);
  useEffect(() => {
    void load();
  }, [load]);

  const update = async (id: string, body: SavedAddressUpdate): Promise<boolean> => {
    try {
      await updateSavedAddress(id, body);
      setStatus('Modifications enregistrées.');
      setError(null);
      await load();
      return true;
    } catch (err) {
      setError(message(err));
      return false;
    }
  };
  const remove = async (id: string) => {
    try {
      await deleteSavedAddress(id);
      setStatus('Adresse supprimée.');
      await load();
    } catch (err) {
      setError(message(err));
    }
  };

  return { tag, setTag, list, error, status, update, remove };
}

/** The state of /pro/mesadresses: the list (optionally by tag), its reload, and the changes with their French errors. */
import type { SavedAddressUpdate } from '@immoloupe/shared/saved-addresses/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '~/lib/api';
import { deleteSavedAddress, listSavedAddresses, updateSavedAddress } from './api';

/** Every read of the list starts with this key: a change refreshes them all, whatever the tag. */
export const SAVED_ADDRESSES = ['saved-addresses'] as const;

function message(err: unknown): string {
  return err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’opération a échoué.';
}

export function useSavedAddresses() {
  const client = useQueryClient();
  const [tag, chooseTag] = useState<string | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  // The filter's list stays on screen (with its tag menu) until the next one arrives.
  const q = useQuery({ queryKey: [...SAVED_ADDRESSES, tag], queryFn: () => listSavedAddresses(tag), placeholderData: keepPreviousData });

  const refresh = () => client.invalidateQueries({ queryKey: SAVED_ADDRESSES });
  const updating = useMutation({
    mutationFn: ({ id, body }: { id: string; body: SavedAddressUpdate }) => updateSavedAddress(id, body),
    onSuccess: refresh,
  });
  const removing = useMutation({ mutationFn: (id: string) => deleteSavedAddress(id), onSuccess: refresh });

  const update = async (id: string, body: SavedAddressUpdate): Promise<boolean> => {
    try {
      await updating.mutateAsync({ id, body });
      setStatus('Modifications enregistrées.');
      setChangeError(null);
      return true;
    } catch (err) {
      setChangeError(message(err));
      return false;
    }
  };
  const remove = async (id: string) => {
    try {
      await removing.mutateAsync(id);
      setStatus('Adresse supprimée.');
    } catch (err) {
      setChangeError(message(err));
    }
  };
  // Another list shown: a change's failure was about the previous one.
  const setTag = (next: string | null) => {
    setChangeError(null);
    chooseTag(next);
  };

  const error = changeError ?? (q.error ? message(q.error) : null);
  return { tag, setTag, list: q.data ?? null, error, status, update, remove };
}

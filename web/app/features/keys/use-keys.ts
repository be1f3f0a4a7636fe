/** The access keys of the signed-in user: the list, and its creation and revocation, which refresh it. */
import { createKeyResponseSchema, keyListResponseSchema, messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

const KEYS = ['keys'] as const;

export function useKeys() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => apiFetch('/api/keys', keyListResponseSchema, { signal }).then((r) => r.keys),
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEYS });
  const creating = useMutation({
    mutationFn: (name: string) => apiFetch('/api/keys', createKeyResponseSchema, { method: 'POST', body: JSON.stringify({ name }) }),
    onSuccess: refresh,
  });
  const revoking = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/keys/${id}`, messageResponseSchema.nullable(), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return {
    keys: list.data ?? null,
    error: errorText(list.error, 'Les clés n’ont pas pu être chargées.'),
    create: creating.mutateAsync,
    revoke: revoking.mutateAsync,
  };
}

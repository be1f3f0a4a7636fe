/**
 * « Enregistrer l’adresse » (address analysis, parcel sheet): keeps the address in /pro/mesadresses,
 * then says so with a link there, or why not (the per-user limit) in French.
 */
import type { SaveAddress } from '@immoloupe/shared/saved-addresses/contracts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '~/lib/api';
import { saveAddress } from './api';
import { SAVED_ADDRESSES } from './use-saved-addresses';

export function SaveAddressButton({ address, size }: { address: SaveAddress | null; size?: 'xs' | 'sm' }) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  const save = async () => {
    if (!address) return;
    setBusy(true);
    try {
      await saveAddress(address);
      void client.invalidateQueries({ queryKey: SAVED_ADDRESSES });
      setState({ ok: true, text: 'Adresse enregistrée dans vos adresses.' });
    } catch (err) {
      setState({ ok: false, text: err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Enregistrement impossible.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button variant="light" size={size} onClick={() => void save()} loading={busy} disabled={!address}>
        Enregistrer l’adresse
      </Button>
      {state && (
        <Text size="sm" role="status" c={state.ok ? undefined : 'red'}>
          {state.text}{' '}
          {state.ok && (
            <Anchor component={Link} to="/pro/mesadresses">
              Mes adresses
            </Anchor>
          )}
        </Text>
      )}
    </Stack>
  );
}

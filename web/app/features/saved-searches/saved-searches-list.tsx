/**
 * /pro/mesrecherches: the saved searches with their last result count and their e-mail alert
 * (changed in place); open (the tool with the filters), rename, duplicate, delete. Cards on a phone.
 */

import type { SavedSearch } from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { ResponsiveTable } from '~/components/responsive-table';
import { ApiError } from '~/lib/api';
import { AlertsNotSent } from '../alerts/alerts-not-sent';
import { useAlertStatus } from '../alerts/use-alert-status';
import { listSavedSearches, recountSavedSearches } from './api';
import { savedSearchColumns } from './saved-search-columns';

function message(err: unknown): string {
  return err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’opération a échoué.';
}

export function SavedSearchesList() {
  const [items, setItems] = useState<SavedSearch[] | null>(null);
  const [max, setMax] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const status = useAlertStatus();
  const load = useCallback(() => {
    listSavedSearches().then(
      (r) => {
        setItems(r.items);
        setMax(r.max);
        setError(null);
      },
      (err: unknown) => setError(message(err)),
    );
  }, []);
  useEffect(load, [load]);
  const [recounting, setRecounting] = useState(false);
  const recount = () => {
    setRecounting(true);
    recountSavedSearches()
      .then(
        (r) => {
          setItems(r.items);
          setError(null);
        },
        (err: unknown) => setError(message(err)),
      )
      .finally(() => setRecounting(false));
  };

  if (!items) return error ? <Alert color="red">{error}</Alert> : <Busy label="Chargement" />;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Text>
          {items.length} recherche{items.length > 1 ? 's' : ''} enregistrée{items.length > 1 ? 's' : ''} sur {max} possibles.
        </Text>
        <Group gap="xs">
          {items.length > 0 && (
            <Button variant="default" onClick={recount} loading={recounting}>
              Actualiser les résultats
            </Button>
          )}
          <Button component={Link} to="/pro/creer_recherche">
            Créer une recherche
          </Button>
        </Group>
      </Group>
      {items.length > 0 && <AlertsNotSent status={status} />}
      {items.length === 0 ? (
        <Alert color="blue" title="Aucune recherche enregistrée">
          Ouvrez un outil de recherche (par exemple les{' '}
          <Anchor component={Link} to="/pro/transactions">
            transactions
          </Anchor>
          ), réglez ses filtres puis cliquez sur « Enregistrer cette recherche »{'\u00a0'}; ou{' '}
          <Anchor component={Link} to="/pro/creer_recherche">
            créez-en une de toutes pièces
          </Anchor>
          .
        </Alert>
      ) : (
        <ResponsiveTable
          rows={items}
          rowKey={(s) => s.id}
          columns={savedSearchColumns({
            status,
            editing,
            setEditing,
            run: (change) => change.then(load, (err: unknown) => setError(message(err))),
            message,
            onRenamed: load,
          })}
          label="Mes recherches"
          minWidth={880}
        />
      )}
    </Stack>
  );
}

/**
 * /pro/mesrecherches: the saved searches with their last result count and their e-mail alert
 * (changed in place); open (the tool with the filters), rename, duplicate, delete.
 */

import type { AlertStatus } from '@immoloupe/shared/alerts/contracts';
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import { SAVED_SEARCH_TOOLS, type SavedSearch } from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { useCommuneNames } from '~/components/use-commune-search';
import { WideTable } from '~/components/wide-table';
import { ApiError } from '~/lib/api';
import { AlertsNotSent } from '../alerts/alerts-not-sent';
import { useAlertStatus } from '../alerts/use-alert-status';
import { AlertChoice } from './alert-choice';
import { deleteSavedSearch, duplicateSavedSearch, listSavedSearches, recountSavedSearches, updateSavedSearch } from './api';
import { communeCodesOf, querySummary } from './create-search.logic';
import { OPENED_SEARCH_KEY } from './save-search-button';

function message(err: unknown): string {
  return err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’opération a échoué.';
}

function Row({
  s,
  status,
  onChanged,
  onError,
}: {
  s: SavedSearch;
  status: AlertStatus | null;
  onChanged: () => void;
  onError: (m: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(s.name);
  const [renameError, setRenameError] = useState<string | null>(null);
  const run = (p: Promise<unknown>) => p.then(onChanged, (err: unknown) => onError(message(err)));
  const codes = communeCodesOf(s.tool, s.query);
  const { names } = useCommuneNames(codes);
  const filters = querySummary(s.tool, s.query, (c) => names[c]);
  // The tool's « Enregistrer cette recherche » then offers to update this search.
  const remember = () => sessionStorage.setItem(OPENED_SEARCH_KEY, s.id);
  const cancel = () => {
    setEditing(false);
    setName(s.name);
    setRenameError(null);
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    updateSavedSearch(s.id, { name }).then(
      () => {
        setEditing(false);
        setRenameError(null);
        onChanged();
      },
      (err: unknown) => setRenameError(message(err)),
    );
  };
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form onSubmit={rename} onKeyDown={(e) => e.key === 'Escape' && cancel()}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label="Nouveau nom"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={120}
                error={renameError}
                data-autofocus
                autoFocus
              />
              <Button size="compact-sm" type="submit" mt={6}>
                Valider
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={cancel} mt={6}>
                Annuler
              </Button>
            </Group>
          </form>
        ) : (
          <Anchor component={Link} to={s.url} onClick={remember}>
            {s.name}
          </Anchor>
        )}
        {filters && (
          <Text size="xs" c="dimmed" data-testid="filtres">
            {filters}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{SAVED_SEARCH_TOOLS[s.tool].label}</Table.Td>
      <Table.Td ta="right">
        {s.lastCount === null ? '–' : formatInteger(s.lastCount)}
        {s.lastCountAt && (
          <Text size="xs" c="dimmed">
            au {formatDate(s.lastCountAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <AlertChoice
          value={s.alert}
          onChange={(alert) => run(updateSavedSearch(s.id, { alert }))}
          status={status}
          compact
          searchName={s.name}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" component={Link} to={s.url} onClick={remember}>
            Ouvrir
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => (editing ? cancel() : setEditing(true))}>
            Renommer
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => run(duplicateSavedSearch(s.id))}>
            Dupliquer
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => window.confirm(`Supprimer «\u00a0${s.name}\u00a0»\u00a0?`) && run(deleteSavedSearch(s.id))}
          >
            Supprimer
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function SavedSearchesList() {
  const [items, setItems] = useState<SavedSearch[] | null>(null);
  const [max, setMax] = useState(0);
  const [error, setError] = useState<string | null>(null);
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
        <WideTable label="Mes recherches" minWidth={880}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>Outil</Table.Th>
                <Table.Th ta="right">Résultats</Table.Th>
                <Table.Th>Alerte par e-mail</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((s) => (
                <Row key={s.id} s={s} status={status} onChanged={load} onError={setError} />
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </Stack>
  );
}

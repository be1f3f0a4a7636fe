/**
 * The columns of the saved searches: name (renamed in place) and filters, tool, last result count,
 * e-mail alert (changed in place), and open, rename, duplicate, delete. On a phone each search is
 * a card: its count first, then its name, its alert and tool, its actions.
 */
import type { AlertStatus } from '@immoloupe/shared/alerts/contracts';
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import { SAVED_SEARCH_TOOLS, type SavedSearch } from '@immoloupe/shared/saved-searches/contracts';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ResponsiveColumn } from '~/components/responsive-table';
import { useCommuneNames } from '~/components/use-commune-search';
import { AlertChoice } from './alert-choice';
import { deleteSavedSearch, duplicateSavedSearch, updateSavedSearch } from './api';
import { communeCodesOf, querySummary } from './create-search.logic';
import { OPENED_SEARCH_KEY } from './save-search-button';

export interface SavedSearchActions {
  status: AlertStatus | null;
  /** The search being renamed, one at a time. */
  editing: string | null;
  setEditing: (id: string | null) => void;
  /** Runs a change, then reloads the list or says what failed. */
  run: (change: Promise<unknown>) => void;
  message: (err: unknown) => string;
  onRenamed: () => void;
}

// The tool's « Enregistrer cette recherche » then offers to update this search.
const remember = (s: SavedSearch) => () => sessionStorage.setItem(OPENED_SEARCH_KEY, s.id);

function RenameForm({ s, a }: { s: SavedSearch; a: SavedSearchActions }) {
  const [name, setName] = useState(s.name);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => a.setEditing(null);
  const rename = (e: FormEvent) => {
    e.preventDefault();
    updateSavedSearch(s.id, { name }).then(
      () => {
        a.setEditing(null);
        a.onRenamed();
      },
      (err: unknown) => setError(a.message(err)),
    );
  };
  return (
    <form onSubmit={rename} onKeyDown={(e) => e.key === 'Escape' && cancel()}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          aria-label="Nouveau nom"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={120}
          error={error}
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
  );
}

function NameCell({ s, a }: { s: SavedSearch; a: SavedSearchActions }) {
  const { names } = useCommuneNames(communeCodesOf(s.tool, s.query));
  const filters = querySummary(s.tool, s.query, (c) => names[c]);
  return (
    <>
      {a.editing === s.id ? (
        <RenameForm s={s} a={a} />
      ) : (
        <Anchor component={Link} to={s.url} onClick={remember(s)}>
          {s.name}
        </Anchor>
      )}
      {filters && (
        <Text size="xs" c="dimmed" data-testid="filtres">
          {filters}
        </Text>
      )}
    </>
  );
}

function Actions({ s, a }: { s: SavedSearch; a: SavedSearchActions }) {
  return (
    <Group gap={4} wrap="wrap">
      <Button size="compact-sm" variant="subtle" component={Link} to={s.url} onClick={remember(s)}>
        Ouvrir
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => a.setEditing(a.editing === s.id ? null : s.id)}>
        Renommer
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => a.run(duplicateSavedSearch(s.id))}>
        Dupliquer
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => window.confirm(`Supprimer «\u00a0${s.name}\u00a0»\u00a0?`) && a.run(deleteSavedSearch(s.id))}
      >
        Supprimer
      </Button>
    </Group>
  );
}

export function savedSearchColumns(a: SavedSearchActions): ResponsiveColumn<SavedSearch>[] {
  return [
    { key: 'name', header: 'Nom', card: 'title', cell: (s) => <NameCell s={s} a={a} /> },
    { key: 'tool', header: 'Outil', card: 'detail', cardOrder: 2, cell: (s) => SAVED_SEARCH_TOOLS[s.tool].label },
    {
      key: 'count',
      header: 'Résultats',
      card: 'figure',
      align: 'right',
      cell: (s) => (
        <>
          {s.lastCount === null ? '–' : formatInteger(s.lastCount)}
          {s.lastCountAt && (
            <Text size="xs" c="dimmed" fw={400}>
              au {formatDate(s.lastCountAt)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'alert',
      header: 'Alerte par e-mail',
      card: 'detail',
      cardOrder: 1,
      cell: (s) => (
        <AlertChoice
          value={s.alert}
          onChange={(alert) => a.run(updateSavedSearch(s.id, { alert }))}
          status={a.status}
          compact
          searchName={s.name}
        />
      ),
    },
    { key: 'actions', header: 'Actions', card: 'action', cell: (s) => <Actions s={s} a={a} /> },
  ];
}

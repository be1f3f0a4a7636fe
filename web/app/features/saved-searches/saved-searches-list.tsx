/**
 * /pro/mesrecherches: the saved searches with their last result count and their e-mail alert
 * (changed in place); open (the tool with the filters), rename, duplicate, delete. A page of them
 * at a time in the order the server sorts (decision 1500); cards on a phone.
 */

import { formatInteger } from '@immoloupe/shared/format';
import type { SavedSearchPageQuery, SavedSearchSort } from '@immoloupe/shared/saved-searches/contracts';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { type OrderOption, PagedList, splitOrder } from '~/components/paged-list';
import { ResponsiveTable } from '~/components/responsive-table';
import { ApiError } from '~/lib/api';
import { useLastAnswer } from '~/lib/query-client';
import { AlertsNotSent } from '../alerts/alerts-not-sent';
import { useAlertStatus } from '../alerts/use-alert-status';
import { recountSavedSearches } from './api';
import { savedSearchColumns } from './saved-search-columns';
import { pastTheEnd, SAVED_SEARCHES, savedSearchesChanged, savedSearchPageKey, useSavedSearchPage } from './use-saved-searches';

/** The orders the server gives Mes recherches. */
export const SAVED_SEARCH_ORDERS: OrderOption[] = [
  { value: 'created:desc', label: 'Les plus récentes' },
  { value: 'created:asc', label: 'Les plus anciennes' },
  { value: 'name:asc', label: 'Nom, de A à Z' },
  { value: 'name:desc', label: 'Nom, de Z à A' },
  { value: 'count:desc', label: 'Le plus de résultats' },
  { value: 'count:asc', label: 'Le moins de résultats' },
];

const FIRST_PAGE: Required<SavedSearchPageQuery> = { page: 1, sort: 'created', order: 'desc' };

function message(err: unknown): string {
  return err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’opération a échoué.';
}

const searches = (n: number) => `${formatInteger(n)}\u00a0recherche${n > 1 ? 's' : ''} enregistrée${n > 1 ? 's' : ''}`;

export function SavedSearchesList() {
  const client = useQueryClient();
  const [view, setView] = useState(FIRST_PAGE);
  const [changeError, setChangeError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const status = useAlertStatus();
  const q = useSavedSearchPage(view);
  // The last search of the last page deleted: the page before it, the list shown staying meanwhile.
  const before = q.data ? pastTheEnd(q.data) : null;
  useEffect(() => {
    if (before !== null) setView((v) => ({ ...v, page: before }));
  }, [before]);
  const data = useLastAnswer(q.data && before === null ? q.data : undefined) ?? null;
  const error = changeError ?? (q.error ? message(q.error) : null);
  const load = () => {
    setChangeError(null);
    void savedSearchesChanged(client);
  };
  const recounting = useMutation({
    mutationFn: () => recountSavedSearches(view),
    // The page asked comes back counted again: shown as it is, the other pages read again when shown.
    onSuccess: (r) => {
      client.removeQueries({ queryKey: SAVED_SEARCHES, type: 'inactive' });
      client.setQueryData(savedSearchPageKey(view), r);
      setChangeError(null);
    },
    onError: (err) => setChangeError(message(err)),
  });
  const recount = () => recounting.mutate();

  if (!data) return error ? <Alert color="red">{error}</Alert> : <Busy label="Chargement" />;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        {data.total > 0 && (
          <Button variant="default" onClick={recount} loading={recounting.isPending}>
            Actualiser les résultats
          </Button>
        )}
        <Button component={Link} to="/pro/creer_recherche">
          Créer une recherche
        </Button>
      </Group>
      {data.total > 0 && <AlertsNotSent status={status} />}
      {data.total === 0 ? (
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
        <PagedList
          label="Mes recherches"
          count={`${searches(data.total)} sur ${formatInteger(data.max)} possibles`}
          countTestId="saved-searches-total"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          order={`${view.sort}:${view.order}`}
          orders={SAVED_SEARCH_ORDERS}
          onOrder={(value) => setView({ page: 1, ...splitOrder<SavedSearchSort>(value) })}
          onPage={(page) => setView({ ...view, page })}
        >
          <ResponsiveTable
            rows={data.items}
            rowKey={(s) => s.id}
            columns={savedSearchColumns({
              status,
              editing,
              setEditing,
              run: (change) => change.then(load, (err: unknown) => setChangeError(message(err))),
              message,
              onRenamed: load,
            })}
            label="Mes recherches"
            minWidth={880}
          />
        </PagedList>
      )}
    </Stack>
  );
}

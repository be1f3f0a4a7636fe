/**
 * The list beside the listings map: every listing of the search, a page at a time, in the order the
 * server sorts (first seen, publication, price, €/m²), with its total — the map itself shows only
 * the newest.
 */
import { formatInteger } from '@immoloupe/shared/format';
import { Alert, Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import { Busy } from '~/components/busy';
import { SERVER_ORDERS } from './list-orders';
import { PoolRow } from './pool-row';
import { type FIRST_POOL_PAGE, usePoolPage } from './use-pool-page';

export function PoolList({ query, enabled }: { query: string; enabled: boolean }) {
  const { data, loading, error, view, setView } = usePoolPage(query, enabled);
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!data) return loading ? <Busy label="Chargement de la liste" /> : null;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const choose = (value: string) => {
    const [sort, order] = value.split(':') as [typeof FIRST_POOL_PAGE.sort, 'asc' | 'desc'];
    setView({ page: 1, sort, order });
  };
  return (
    <Stack gap="sm" component="section" aria-label="Liste des annonces des flux">
      <Group justify="space-between" align="flex-end">
        <Text data-testid="pool-list-total">
          {formatInteger(data.total)}
          {'\u00a0'}annonce{data.total > 1 ? 's' : ''} dans la liste
          {pages > 1 && ` · page ${formatInteger(data.page)} sur ${formatInteger(pages)}`}
          {loading && <Busy size="xs" ml="xs" />}
        </Text>
        <NativeSelect
          label="Trier par"
          value={`${view.sort}:${view.order}`}
          onChange={(e) => choose(e.currentTarget.value)}
          data={SERVER_ORDERS}
          w={260}
        />
      </Group>
      {data.listings.map((l) => (
        <PoolRow key={l.id} l={l} />
      ))}
      {pages > 1 && <Pagination total={pages} value={data.page} onChange={(page) => setView({ ...view, page })} />}
    </Stack>
  );
}

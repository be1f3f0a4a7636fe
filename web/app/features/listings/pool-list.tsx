/**
 * The list beside the listings map: every listing of the search, a page at a time, in the order the
 * server sorts (first seen, publication, price, €/m²), with its total — the map itself shows only
 * the newest.
 */
import { formatInteger } from '@immoloupe/shared/format';
import { Alert } from '@mantine/core';
import { Busy } from '~/components/busy';
import { PagedList, splitOrder } from '~/components/paged-list';
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
  return (
    <PagedList
      label="Liste des annonces des flux"
      count={`${formatInteger(data.total)}\u00a0annonce${data.total > 1 ? 's' : ''} dans la liste`}
      countTestId="pool-list-total"
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      order={`${view.sort}:${view.order}`}
      orders={SERVER_ORDERS}
      onOrder={(value) => setView({ page: 1, ...splitOrder<typeof FIRST_POOL_PAGE.sort>(value) })}
      onPage={(page) => setView({ ...view, page })}
      loading={loading}
    >
      {data.listings.map((l) => (
        <PoolRow key={l.id} l={l} />
      ))}
    </PagedList>
  );
}

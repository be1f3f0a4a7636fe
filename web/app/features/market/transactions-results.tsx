/** The results column of the transactions tool: count, sort, CSV export, one page of sales (the one chosen highlighted) and the pagination. */
import { NBSP } from '@immoloupe/shared/format';
import type { Transaction } from '@immoloupe/shared/market/transactions-contracts';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Anchor, Badge, Group, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { salesCount } from './labels';
import { SalesTable } from './sales-table';
import type { Transactions } from './use-transactions';

const SORTS = [
  { key: 'date', label: 'Date' },
  { key: 'prix', label: 'Prix' },
  { key: 'surface', label: 'Surface' },
  { key: 'prix_m2', label: 'Prix au m²' },
] as const;

type TransactionsResultsProps = Pick<
  Transactions,
  'query' | 'list' | 'loading' | 'sort' | 'order' | 'page' | 'csv' | 'update' | 'hover' | 'selected'
> & {
  onSelect: (t: Transaction) => void;
};

/** The département of the place searched (communes or a parcel), when it is one. */
function placeDepartement(query: string): string | null {
  const q = new URLSearchParams(query);
  return departementOfCodes([q.get('insee'), q.get('parcelle')].flatMap((v) => v?.split(',') ?? []));
}

export function TransactionsResults({
  query,
  list,
  loading,
  sort,
  order,
  page,
  csv,
  update,
  hover,
  selected,
  onSelect,
}: TransactionsResultsProps) {
  if (!query) return <Text c="dimmed">Choisissez un lieu pour afficher les ventes.</Text>;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} data-testid="transactions-total">
          {list ? salesCount(list.total) : loading ? '…' : '—'}
          {loading && <Busy size="xs" ml="xs" />}
        </Text>
        <Group gap="xs">
          <Text size="sm">Trier par{NBSP}:</Text>
          {SORTS.map((s) => (
            <UnstyledButton key={s.key} onClick={() => update({ sort: s.key, order: sort === s.key && order === 'desc' ? 'asc' : 'desc' })}>
              <Badge variant={sort === s.key ? 'filled' : 'light'}>
                {s.label} {sort === s.key ? (order === 'desc' ? '↓' : '↑') : ''}
              </Badge>
            </UnstyledButton>
          ))}
          {csv && (
            <Anchor href={csv} download size="sm">
              Export CSV
            </Anchor>
          )}
        </Group>
      </Group>
      {list && list.total === 0 ? (
        <Text c="dimmed" data-testid="transactions-empty">
          Aucune vente DVF pour ce lieu avec ces filtres{NBSP}: élargissez la période, les types ou les surfaces. Si le lieu n’a aucune
          vente du tout, ses DVF ne sont pas encore importées. <ImportHint source="dvf" departement={placeDepartement(query)} />
        </Text>
      ) : (
        list && <SalesTable rows={list.items} onSelect={onSelect} onHover={hover} selectedId={selected} />
      )}
      {list && list.total > list.pageSize && (
        <Pagination
          total={Math.ceil(list.total / list.pageSize)}
          value={page}
          onChange={(p) => update({ page: String(p) }, false)}
          size="sm"
        />
      )}
    </Stack>
  );
}

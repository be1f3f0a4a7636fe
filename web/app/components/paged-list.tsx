/**
 * A list the server pages (decision 1440, then 1500): its total and « page 2 sur 5 » above it, the
 * « Trier par » choice of the server's orders beside them, and the pages below. One component for
 * every paged list, so that they all read and move alike.
 */
import { formatInteger } from '@immoloupe/shared/format';
import type { PageOrder } from '@immoloupe/shared/paging';
import { Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Busy } from './busy';

/** An order of the list as the select offers it: `sort:order` (« prix_m2:asc ») and its French label. */
export interface OrderOption {
  value: string;
  label: string;
}

/** The sort and the order of a `sort:order` choice. */
export function splitOrder<S extends string>(value: string): { sort: S; order: PageOrder } {
  const [sort = '', order] = value.split(':');
  return { sort: sort as S, order: order === 'asc' ? 'asc' : 'desc' };
}

export function PagedList({
  label,
  count,
  countTestId,
  page,
  pageSize,
  total,
  order,
  orders,
  onOrder,
  onPage,
  loading = false,
  actions,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  /** The total in words (« 758 annonces dans la liste »); the page is added after it. */
  count: ReactNode;
  countTestId?: string;
  page: number;
  pageSize: number;
  total: number;
  /** The order shown, `sort:order`. */
  order: string;
  orders: readonly OrderOption[];
  onOrder: (value: string) => void;
  onPage: (page: number) => void;
  /** A new page or order on its way: the current one stays shown meanwhile. */
  loading?: boolean;
  /** Buttons beside the order (an export). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(pageSize, 1)));
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-end">
        <Text data-testid={countTestId}>
          {count}
          {pages > 1 && ` · page ${formatInteger(page)} sur ${formatInteger(pages)}`}
          {loading && <Busy size="xs" ml="xs" />}
        </Text>
        <Group align="flex-end">
          <NativeSelect label="Trier par" value={order} onChange={(e) => onOrder(e.currentTarget.value)} data={[...orders]} w={260} />
          {actions}
        </Group>
      </Group>
      {children}
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} />}
    </Stack>
  );
}

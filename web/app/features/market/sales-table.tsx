/**
 * A list of DVF sales (mutations): date, address, types, surface, price, €/m². Compact, so that the
 * seven columns fit beside a map on a laptop screen; figures never wrap. On a phone each sale is a
 * card, its price, €/m², surface and date first, and « Ouvrir » when the sale opens. A sale the
 * plausibility bounds leave out of the statistics says so under its €/m², where the implausible
 * figure shows.
 */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatSurface } from '@immoloupe/shared/format';
import { OUTLIER_LABEL, OUTLIER_TITLE, type Transaction, transactionGoods } from '@immoloupe/shared/market/transactions-contracts';
import { Anchor, Button, Text } from '@mantine/core';
import { type ResponsiveColumn, ResponsiveTable } from '~/components/responsive-table';

function salesColumns(onSelect?: (t: Transaction) => void): ResponsiveColumn<Transaction>[] {
  const address = (t: Transaction) => t.address || 'Adresse non publiée';
  const columns: ResponsiveColumn<Transaction>[] = [
    { key: 'date', header: 'Date', card: 'figure', cardOrder: 4, nowrap: true, cell: (t) => formatDate(t.date) },
    {
      key: 'address',
      header: 'Adresse',
      card: 'title',
      cell: (t) => (
        <>
          {onSelect ? (
            <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => onSelect(t)}>
              {address(t)}
            </Anchor>
          ) : (
            address(t)
          )}
          <Text span display="block" size="xs" c="dimmed">
            {t.commune}
          </Text>
        </>
      ),
    },
    {
      key: 'goods',
      header: 'Biens',
      card: 'detail',
      cell: (t) => `${transactionGoods(t)}${t.nbLocaux > 1 ? ` (${t.nbLocaux} locaux)` : ''}`,
    },
    {
      key: 'surface',
      header: 'Surface',
      card: 'figure',
      cardOrder: 3,
      align: 'right',
      nowrap: true,
      cell: (t) => (t.surface === null ? '—' : formatSurface(t.surface)),
    },
    { key: 'rooms', header: 'Pièces', card: 'detail', align: 'right', cell: (t) => t.rooms ?? '—' },
    {
      key: 'price',
      header: 'Prix',
      card: 'figure',
      cardOrder: 0,
      align: 'right',
      nowrap: true,
      cell: (t) => (t.price === null ? '—' : formatEuros(t.price)),
    },
    {
      key: 'pricePerM2',
      header: 'Prix au m²',
      card: 'figure',
      cardOrder: 1,
      align: 'right',
      nowrap: true,
      cell: (t) => (
        <>
          {t.pricePerM2 === null ? '—' : formatEurosPerSquareMetre(t.pricePerM2)}
          {t.outlier ? (
            <Text span display="block" size="xs" c="orange" fw={400} title={OUTLIER_TITLE} data-testid="outlier">
              {OUTLIER_LABEL}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  if (onSelect) {
    columns.push({
      key: 'open',
      header: 'Ouvrir',
      card: 'action',
      cardOnly: true,
      cell: (t) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onSelect(t)}
          aria-label={`Ouvrir la vente du ${formatDate(t.date)}, ${address(t)}`}
        >
          Ouvrir
        </Button>
      ),
    });
  }
  return columns;
}

export function SalesTable({
  rows,
  onSelect,
  onHover,
  selectedId = null,
  label = 'Tableau des ventes',
}: {
  rows: Transaction[];
  /** The sale chosen (on the map or in the table): its row is highlighted. */
  selectedId?: string | null;
  /** The name of the scrolling region (of the cards on a phone), for screen readers. */
  label?: string;
  onSelect?: (t: Transaction) => void;
  /** The sale under the pointer, null when it leaves the table (the map marks it). */
  onHover?: (t: Transaction | null) => void;
}) {
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(t) => t.id}
      columns={salesColumns(onSelect)}
      label={label}
      minWidth={600}
      onRowClick={onSelect}
      onRowHover={onHover}
      selectedKey={selectedId}
      tableProps={{ fz: 'sm', verticalSpacing: 6, horizontalSpacing: 8 }}
    />
  );
}

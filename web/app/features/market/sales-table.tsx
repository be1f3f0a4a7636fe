/**
 * A list of DVF sales (mutations): date, address, types, surface, price, €/m². Compact, so that the
 * seven columns fit beside a map on a laptop screen; figures never wrap. A sale the plausibility
 * bounds leave out of the statistics says so under its €/m², where the implausible figure shows.
 */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatSurface } from '@immoloupe/shared/format';
import { OUTLIER_LABEL, OUTLIER_TITLE, type Transaction, transactionGoods } from '@immoloupe/shared/market/transactions-contracts';
import { Anchor, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { WideTable } from '~/components/wide-table';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function SalesTable({
  rows,
  onSelect,
  onHover,
  header,
  label = 'Tableau des ventes',
}: {
  rows: Transaction[];
  /** The name of the scrolling region, for screen readers. */
  label?: string;
  onSelect?: (t: Transaction) => void;
  /** The sale under the pointer, null when it leaves the table (the map marks it). */
  onHover?: (t: Transaction | null) => void;
  header?: ReactNode;
}) {
  return (
    <WideTable label={label} minWidth={600}>
      <Table striped highlightOnHover fz="sm" verticalSpacing={6} horizontalSpacing={8}>
        {header}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Adresse</Table.Th>
            <Table.Th>Biens</Table.Th>
            <Table.Th ta="right">Surface</Table.Th>
            <Table.Th ta="right">Pièces</Table.Th>
            <Table.Th ta="right">Prix</Table.Th>
            <Table.Th ta="right">Prix au m²</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr
              key={t.id}
              onClick={onSelect ? () => onSelect(t) : undefined}
              onMouseEnter={onHover ? () => onHover(t) : undefined}
              onMouseLeave={onHover ? () => onHover(null) : undefined}
              style={onSelect ? { cursor: 'pointer' } : undefined}
            >
              <Table.Td style={NOWRAP}>{formatDate(t.date)}</Table.Td>
              <Table.Td>
                {onSelect ? (
                  <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => onSelect(t)}>
                    {t.address || 'Adresse non publiée'}
                  </Anchor>
                ) : (
                  t.address || 'Adresse non publiée'
                )}
                <Text span display="block" size="xs" c="dimmed">
                  {t.commune}
                </Text>
              </Table.Td>
              <Table.Td>
                {transactionGoods(t)}
                {t.nbLocaux > 1 ? ` (${t.nbLocaux} locaux)` : ''}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {t.surface === null ? '—' : formatSurface(t.surface)}
              </Table.Td>
              <Table.Td ta="right">{t.rooms ?? '—'}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {t.price === null ? '—' : formatEuros(t.price)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {t.pricePerM2 === null ? '—' : formatEurosPerSquareMetre(t.pricePerM2)}
                {t.outlier ? (
                  <Text span display="block" size="xs" c="orange" title={OUTLIER_TITLE} data-testid="outlier">
                    {OUTLIER_LABEL}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

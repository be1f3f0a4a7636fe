/**
 * A table of €/m² statistics with their sample size; « Pas assez de ventes » under 3 sales.
 * Narrow enough for the half-width panels of the market pages at 1280 px: the unit of the
 * quartiles and the mean is said once in their header, so that no column hides off to the side,
 * and a squeezed quartile range breaks after its dash, never inside a number or before the dash.
 * The caption names the table above it (below, it read as the title of the chart that follows),
 * from its left edge: centred on a table wider than a phone's screen, it was cut off.
 */
import { formatEurosPerSquareMetre, formatInteger } from '@immoloupe/shared/format';
import type { StatSummaryDto } from '@immoloupe/shared/market/contracts';
import { NOT_ENOUGH_SALES } from '@immoloupe/shared/market/stats.logic';
import { Table } from '@mantine/core';
import { WideTable } from '~/components/wide-table';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export function StatTable({ rows, caption }: { rows: (StatSummaryDto & { label: string })[]; caption?: string }) {
  return (
    // A region that takes the focus: on a phone the table scrolls sideways, with the keyboard too.
    <WideTable label={caption ? `Tableau des prix au m²\u00a0: ${caption}` : 'Tableau des prix au m²'} minWidth={400}>
      <Table striped fz="sm" horizontalSpacing="xs" captionSide="top">
        {caption && (
          <Table.Caption ta="left" fw={600}>
            {caption}
          </Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Ventes</Table.Th>
            <Table.Th ta="right">Médiane</Table.Th>
            <Table.Th ta="right">Q1 – Q3 (€/m²)</Table.Th>
            <Table.Th ta="right">Moyenne (€/m²)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th scope="row">{r.label}</Table.Th>
              <Table.Td ta="right">{formatInteger(r.count)}</Table.Td>
              {r.median === null ? (
                <Table.Td colSpan={3} ta="right" c="dimmed">
                  {NOT_ENOUGH_SALES}
                </Table.Td>
              ) : (
                <>
                  <Table.Td ta="right" fw={600}>
                    {formatEurosPerSquareMetre(r.median)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <span style={NO_WRAP}>
                      {formatInteger(r.q1 ?? 0)}
                      {'\u00a0'}–
                    </span>{' '}
                    <span style={NO_WRAP}>{formatInteger(r.q3 ?? 0)}</span>
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(r.mean ?? 0)}</Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

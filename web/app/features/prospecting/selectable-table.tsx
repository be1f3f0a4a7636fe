/**
 * A page of a tool's results whose rows can be ticked and sent to a prospecting list at once: the
 * « Ajouter la sélection à une liste » button above the table, a tick box first in each row and
 * « Tout sélectionner » in the header. The tool gives its other columns.
 */
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { WideTable } from '~/components/wide-table';
import { BulkAddToList } from './bulk-add-to-list';
import { SelectAllHeader, SelectRowCell } from './selection-cells';
import { useRowSelection } from './use-row-selection';

export interface SelectableTableProps<T> {
  rows: readonly T[];
  /** The row's key, and what the selection remembers of it. */
  idOf: (row: T) => string;
  target: (row: T) => TargetInput;
  /** The row as its tick box names it: « Sélectionner {rowLabel} ». */
  rowLabel: (row: T) => string;
  /** The table's accessible name. */
  label: string;
  minWidth: number;
  /** The header cells after « Tout sélectionner ». */
  head: ReactNode;
  /** The cells of a row after its tick box. */
  cells: (row: T) => ReactNode;
}

export function SelectableTable<T>({ rows, idOf, target, rowLabel, label, minWidth, head, cells }: SelectableTableProps<T>) {
  const selection = useRowSelection(rows, idOf);
  return (
    <>
      <BulkAddToList targets={selection.selected().map(target)} onAdded={selection.clear} />
      <WideTable label={label} minWidth={minWidth}>
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <SelectAllHeader selection={selection} />
              {head}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={idOf(row)}>
                <SelectRowCell selection={selection} row={row} label={rowLabel(row)} />
                {cells(row)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </>
  );
}

/** The tick boxes of a results table: « Tout sélectionner » for the page in its header, one per row. */
import { Checkbox, Table } from '@mantine/core';
import type { RowSelection } from './use-row-selection';

export function SelectAllHeader<T>({ selection }: { selection: RowSelection<T> }) {
  return (
    <Table.Th scope="col" w={36}>
      <Checkbox
        aria-label="Tout sélectionner sur cette page"
        checked={selection.all}
        indeterminate={selection.some}
        onChange={selection.toggleAll}
      />
    </Table.Th>
  );
}

export function SelectRowCell<T>({ selection, row, label }: { selection: RowSelection<T>; row: T; label: string }) {
  return (
    <Table.Td>
      <Checkbox aria-label={`Sélectionner ${label}`} checked={selection.has(row)} onChange={() => selection.toggle(row)} />
    </Table.Td>
  );
}

/**
 * A page of a tool's results whose rows can be ticked and sent to a prospecting list at once: the
 * « Ajouter la sélection à une liste » button above the results, a tick box in each row and
 * « Tout sélectionner » in the header. The tool gives its other columns, as the shared responsive
 * table describes them: on a phone each row is a card (key figures first, its tick box with its
 * actions), and « Tout sélectionner » stands above the cards.
 */
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Checkbox } from '@mantine/core';
import { type ResponsiveColumn, ResponsiveTable, useCardLayout } from '~/components/responsive-table';
import { BulkAddToList } from './bulk-add-to-list';
import { type RowSelection, useRowSelection } from './use-row-selection';

export interface SelectableTableProps<T> {
  rows: readonly T[];
  /** The row's key, and what the selection remembers of it. */
  idOf: (row: T) => string;
  target: (row: T) => TargetInput;
  /** The row as its tick box names it: « Sélectionner {rowLabel} ». */
  rowLabel: (row: T) => string;
  /** The table's (and the list of cards') accessible name. */
  label: string;
  minWidth: number;
  /** The columns after the tick box. */
  columns: readonly ResponsiveColumn<T>[];
  /** A `data-testid` given to each row and each card. */
  rowTestId?: string;
  /** A search whose rows answer its map: the row chosen (highlighted), a row clicked or hovered. */
  choice?: { selectedId: string | null; onChoose: (id: string) => void; onHover: (id: string | null) => void };
}

const SELECT_ALL = 'Tout sélectionner sur cette page';

function SelectAll<T>({ selection, label }: { selection: RowSelection<T>; label?: string }) {
  return (
    <Checkbox
      aria-label={label ? undefined : SELECT_ALL}
      label={label}
      checked={selection.all}
      indeterminate={selection.some}
      onChange={selection.toggleAll}
    />
  );
}

export function SelectableTable<T>({ rows, idOf, target, rowLabel, label, minWidth, columns, rowTestId, choice }: SelectableTableProps<T>) {
  const selection = useRowSelection(rows, idOf);
  const cards = useCardLayout();
  const tick: ResponsiveColumn<T> = {
    key: 'select',
    header: <SelectAll selection={selection} />,
    card: 'action',
    cardOrder: -1,
    cell: (row) => (
      <Checkbox aria-label={`Sélectionner ${rowLabel(row)}`} checked={selection.has(row)} onChange={() => selection.toggle(row)} />
    ),
  };
  return (
    <>
      <BulkAddToList targets={selection.selected().map(target)} onAdded={selection.clear} />
      {cards && rows.length > 0 ? <SelectAll selection={selection} label={SELECT_ALL} /> : null}
      <ResponsiveTable
        rows={rows}
        rowKey={idOf}
        columns={[tick, ...columns]}
        label={label}
        minWidth={minWidth}
        rowTestId={rowTestId}
        tableProps={{ withTableBorder: true }}
        selectedKey={choice?.selectedId}
        onRowClick={choice ? (row) => choice.onChoose(idOf(row)) : undefined}
        onRowHover={choice ? (row) => choice.onHover(row ? idOf(row) : null) : undefined}
      />
    </>
  );
}

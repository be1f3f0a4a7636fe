/** The page of co-ownerships found: a row opens the detail; rows ticked go to a prospecting list at once. */
import type { CoproItem } from '@immoloupe/shared/copro/contracts';
import { mandateEnded } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Button } from '@mantine/core';
import type { ResponsiveColumn } from '~/components/responsive-table';
import { RowOpenButton } from '~/components/row-open-button';
import { SelectableTable, type SelectableTableProps } from '~/features/prospecting/selectable-table';

/** A co-ownership as a prospecting target: the same from a row of the table and from its sheet. */
export function coproTarget(c: Pick<CoproItem, 'numero' | 'nom' | 'adresse'>): TargetInput {
  return { kind: 'copro', ref: c.numero, label: c.nom ?? c.numero, address: c.adresse ?? '' };
}

/** The table's columns; on a phone's card the lots and the end of the mandate come first, then the name, the address and syndic, « Ouvrir ». */
function coproColumns(today: string, onOpen: (numero: string) => void): ResponsiveColumn<CoproItem>[] {
  const name = (c: CoproItem) => c.nom ?? c.numero;
  return [
    {
      key: 'nom',
      header: 'Copropriété',
      card: 'title',
      cell: (c) => (
        <RowOpenButton onOpen={() => onOpen(c.numero)} label={`Ouvrir la copropriété ${name(c)} (${c.numero})`}>
          {name(c)}
        </RowOpenButton>
      ),
    },
    { key: 'adresse', header: 'Adresse', card: 'detail', minWidth: 160, cell: (c) => c.adresse ?? '—' },
    { key: 'lots', header: 'Lots', card: 'figure', cell: (c) => (c.lots === null ? '—' : formatInteger(c.lots)) },
    { key: 'syndic', header: 'Syndic', card: 'detail', cell: (c) => c.syndic ?? c.typeSyndic ?? '—' },
    {
      key: 'fin',
      header: 'Fin de mandat',
      card: 'figure',
      nowrap: true,
      cell: (c) => `${c.finMandat ? formatDate(c.finMandat) : '—'}${mandateEnded(c, today) ? ' (échu)' : ''}`,
    },
    {
      key: 'open',
      header: 'Ouvrir',
      card: 'action',
      cardOnly: true,
      cell: (c) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpen(c.numero)}
          aria-label={`Ouvrir la copropriété ${name(c)} (${c.numero})`}
        >
          Ouvrir
        </Button>
      ),
    },
  ];
}

export function CoproTable({
  items,
  today,
  onOpen,
  choice,
}: {
  items: CoproItem[];
  today: string;
  onOpen: (numero: string) => void;
  /** The rows answer the search's map (the row chosen, a row clicked or hovered). */
  choice?: SelectableTableProps<CoproItem>['choice'];
}) {
  return (
    <SelectableTable
      rows={items}
      idOf={(c) => c.numero}
      target={coproTarget}
      rowLabel={(c) => `la copropriété ${c.nom ?? c.numero}`}
      label="Copropriétés trouvées"
      minWidth={600}
      columns={coproColumns(today, onOpen)}
      choice={choice}
    />
  );
}

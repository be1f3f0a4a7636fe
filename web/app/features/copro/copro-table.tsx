/** The page of co-ownerships found: a row opens the detail; rows ticked go to a prospecting list at once. */
import type { CoproItem } from '@immoloupe/shared/copro/contracts';
import { mandateEnded } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Table } from '@mantine/core';
import { RowOpenButton } from '~/components/row-open-button';
import { SelectableTable } from '~/features/prospecting/selectable-table';

/** A co-ownership as a prospecting target: the same from a row of the table and from its sheet. */
export function coproTarget(c: Pick<CoproItem, 'numero' | 'nom' | 'adresse'>): TargetInput {
  return { kind: 'copro', ref: c.numero, label: c.nom ?? c.numero, address: c.adresse ?? '' };
}

export function CoproTable({ items, today, onOpen }: { items: CoproItem[]; today: string; onOpen: (numero: string) => void }) {
  return (
    <SelectableTable
      rows={items}
      idOf={(c) => c.numero}
      target={coproTarget}
      rowLabel={(c) => `la copropriété ${c.nom ?? c.numero}`}
      label="Copropriétés trouvées"
      minWidth={600}
      head={
        <>
          <Table.Th scope="col">Copropriété</Table.Th>
          <Table.Th scope="col">Adresse</Table.Th>
          <Table.Th scope="col">Lots</Table.Th>
          <Table.Th scope="col">Syndic</Table.Th>
          <Table.Th scope="col">Fin de mandat</Table.Th>
        </>
      }
      cells={(c) => (
        <>
          <Table.Td>
            <RowOpenButton onOpen={() => onOpen(c.numero)} label={`Ouvrir la copropriété ${c.nom ?? c.numero} (${c.numero})`}>
              {c.nom ?? c.numero}
            </RowOpenButton>
          </Table.Td>
          <Table.Td miw={160}>{c.adresse ?? '—'}</Table.Td>
          <Table.Td>{c.lots === null ? '—' : formatInteger(c.lots)}</Table.Td>
          <Table.Td>{c.syndic ?? c.typeSyndic ?? '—'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {c.finMandat ? formatDate(c.finMandat) : '—'}
            {mandateEnded(c, today) ? ' (échu)' : ''}
          </Table.Td>
        </>
      )}
    />
  );
}

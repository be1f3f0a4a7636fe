/** The targets of a prospecting list: status, next action and notes edited in place, links to their sheet. */
import type { ProspectingTarget, UpdateTargetBody } from '@immoloupe/shared/prospecting/contracts';
import { Table, VisuallyHidden } from '@mantine/core';
import { WideTable } from '~/components/wide-table';
import { TargetRow } from './target-row';

export function TargetsTable({
  targets,
  onUpdate,
  onDelete,
}: {
  targets: ProspectingTarget[];
  onUpdate: (id: string, patch: UpdateTargetBody) => Promise<boolean>;
  onDelete: (t: ProspectingTarget) => void;
}) {
  // The agent's own calendar: « late » is against today, not the newest data.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
  return (
    <WideTable label="Cibles de la liste" minWidth={960}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Cible</Table.Th>
            <Table.Th scope="col">Adresse</Table.Th>
            <Table.Th scope="col">Statut</Table.Th>
            <Table.Th scope="col">Prochaine action</Table.Th>
            <Table.Th scope="col">Notes</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Retirer</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {targets.map((t) => (
            <TargetRow key={t.id} target={t} today={today} onUpdate={onUpdate} onDelete={onDelete} />
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/** The targets of a prospecting list: status, next action and notes edited in place, links to their sheet. */
import { formatDate } from '@immoloupe/shared/format';
import { parcelSheetPath } from '@immoloupe/shared/parcels/sheet-contracts';
import {
  type ProspectingTarget,
  TARGET_KIND_LABELS,
  TARGET_STATUS_LABELS,
  TARGET_STATUSES,
  type UpdateTargetBody,
} from '@immoloupe/shared/prospecting/contracts';
import { ActionIcon, Anchor, NativeSelect, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { DateField } from '~/components/date-field';
import { WideTable } from '~/components/wide-table';
import { TargetNotes } from './target-notes';

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
            <Table.Tr key={t.id} data-testid="prospecting-target">
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {TARGET_KIND_LABELS[t.kind]} · ajoutée le {formatDate(t.createdAt)}
                </Text>
                {t.kind === 'parcel' ? (
                  <Anchor component={Link} to={parcelSheetPath(t.ref)} size="sm">
                    {t.label}
                  </Anchor>
                ) : (
                  <Text size="sm">{t.label}</Text>
                )}
                {t.ownerName ? <Text size="xs">{t.ownerName}</Text> : null}
              </Table.Td>
              <Table.Td>{t.address}</Table.Td>
              <Table.Td>
                <NativeSelect
                  aria-label={`Statut de ${t.label}`}
                  value={t.status}
                  onChange={(e) => onUpdate(t.id, { status: e.currentTarget.value as ProspectingTarget['status'] })}
                  data={TARGET_STATUSES.map((s) => ({ value: s, label: TARGET_STATUS_LABELS[s] }))}
                  size="xs"
                  w={150}
                />
              </Table.Td>
              <Table.Td miw={150}>
                <DateField
                  aria-label={`Prochaine action pour ${t.label}`}
                  value={t.nextAction}
                  onChange={(iso) => onUpdate(t.id, { nextAction: iso })}
                  clearable
                  size="xs"
                />
                {t.nextAction && t.nextAction < today && (
                  <Text size="xs" c="red.8">
                    En retard
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={220}>
                <TargetNotes target={t} onSave={(notes) => onUpdate(t.id, { notes })} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red.8" aria-label={`Retirer ${t.label} de la liste`} onClick={() => onDelete(t)}>
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

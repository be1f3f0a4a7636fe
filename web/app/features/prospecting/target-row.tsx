/** One target of a list: status, next action and notes edited in place, each saying when it is saved. */
import { formatDate } from '@immoloupe/shared/format';
import { parcelSheetPath } from '@immoloupe/shared/parcels/sheet-contracts';
import {
  type ProspectingTarget,
  TARGET_KIND_LABELS,
  TARGET_STATUS_LABELS,
  TARGET_STATUSES,
  type UpdateTargetBody,
} from '@immoloupe/shared/prospecting/contracts';
import { audienceOf } from '@immoloupe/shared/prospecting/letters.logic';
import { ActionIcon, Anchor, NativeSelect, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DateField } from '~/components/date-field';
import { SaveStatus, useSaveState } from './save-status';
import { TargetNotes } from './target-notes';

export function TargetRow({
  target: t,
  today,
  onUpdate,
  onDelete,
}: {
  target: ProspectingTarget;
  /** The agent's own calendar day (AAAA-MM-JJ): « late » is against today. */
  today: string;
  onUpdate: (id: string, patch: UpdateTargetBody) => Promise<boolean>;
  onDelete: (t: ProspectingTarget) => void;
}) {
  const status = useSaveState();
  const next = useSaveState();
  return (
    <Table.Tr data-testid="prospecting-target">
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
        {audienceOf(t) === 'syndic' ? (
          <Text size="xs" data-testid="syndic">
            Syndic{'\u00a0'}: {t.syndicName ?? 'non nommé par le registre'}
            <Text span size="xs" c="dimmed">
              {' '}
              — adresse du syndic absente du RNIC, lettre envoyée à l’immeuble
            </Text>
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{t.address}</Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Statut de ${t.label}`}
          value={t.status}
          onChange={(e) => status.track(onUpdate(t.id, { status: e.currentTarget.value as ProspectingTarget['status'] }))}
          data={TARGET_STATUSES.map((s) => ({ value: s, label: TARGET_STATUS_LABELS[s] }))}
          size="xs"
          w={150}
        />
        <SaveStatus state={status.state} saved="Statut enregistré" failed="Statut non enregistré" />
      </Table.Td>
      <Table.Td miw={150}>
        <DateField
          aria-label={`Prochaine action pour ${t.label}`}
          value={t.nextAction}
          onChange={(iso) => next.track(onUpdate(t.id, { nextAction: iso }))}
          clearable
          size="xs"
        />
        {t.nextAction && t.nextAction < today && (
          <Text size="xs" c="red">
            En retard
          </Text>
        )}
        <SaveStatus state={next.state} saved="Date enregistrée" failed="Date non enregistrée" />
      </Table.Td>
      <Table.Td miw={220}>
        <TargetNotes target={t} onSave={(notes) => onUpdate(t.id, { notes })} />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Retirer ${t.label} de la liste`} onClick={() => onDelete(t)}>
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

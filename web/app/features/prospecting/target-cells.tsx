/**
 * The columns of a list's targets: status, next action and notes edited in place, each saying when
 * it is saved. Each edited value is a component of its own, so that its « enregistré » follows it
 * from the table to the card and back.
 */
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
import { ActionIcon, Anchor, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { DateField } from '~/components/date-field';
import type { ResponsiveColumn } from '~/components/responsive-table';
import { SaveStatus, useSaveState } from './save-status';
import { TargetNotes } from './target-notes';

type OnUpdate = (id: string, patch: UpdateTargetBody) => Promise<boolean>;

function TargetTitle({ target: t }: { target: ProspectingTarget }) {
  return (
    <>
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
    </>
  );
}

function TargetStatus({ target: t, onUpdate }: { target: ProspectingTarget; onUpdate: OnUpdate }) {
  const status = useSaveState();
  return (
    <>
      <NativeSelect
        aria-label={`Statut de ${t.label}`}
        value={t.status}
        onChange={(e) => status.track(onUpdate(t.id, { status: e.currentTarget.value as ProspectingTarget['status'] }))}
        data={TARGET_STATUSES.map((s) => ({ value: s, label: TARGET_STATUS_LABELS[s] }))}
        size="xs"
        w={150}
      />
      <SaveStatus state={status.state} saved="Statut enregistré" failed="Statut non enregistré" />
    </>
  );
}

function TargetNextAction({ target: t, today, onUpdate }: { target: ProspectingTarget; today: string; onUpdate: OnUpdate }) {
  const next = useSaveState();
  return (
    <>
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
    </>
  );
}

export function targetColumns({
  today,
  onUpdate,
  onDelete,
}: {
  /** The agent's own calendar day (AAAA-MM-JJ): « late » is against today. */
  today: string;
  onUpdate: OnUpdate;
  onDelete: (t: ProspectingTarget) => void;
}): ResponsiveColumn<ProspectingTarget>[] {
  return [
    { key: 'target', header: 'Cible', card: 'title', cell: (t) => <TargetTitle target={t} /> },
    { key: 'address', header: 'Adresse', card: 'detail', cardOrder: 3, cell: (t) => t.address },
    { key: 'status', header: 'Statut', card: 'detail', cardOrder: 1, cell: (t) => <TargetStatus target={t} onUpdate={onUpdate} /> },
    {
      key: 'next',
      header: 'Prochaine action',
      card: 'detail',
      cardOrder: 2,
      minWidth: 150,
      cell: (t) => <TargetNextAction target={t} today={today} onUpdate={onUpdate} />,
    },
    {
      key: 'notes',
      header: 'Notes',
      card: 'detail',
      cardOrder: 4,
      minWidth: 220,
      cell: (t) => <TargetNotes target={t} onSave={(notes) => onUpdate(t.id, { notes })} />,
    },
    {
      key: 'remove',
      header: <VisuallyHidden>Retirer</VisuallyHidden>,
      card: 'action',
      cell: (t) => (
        <ActionIcon variant="subtle" color="red" aria-label={`Retirer ${t.label} de la liste`} onClick={() => onDelete(t)}>
          ×
        </ActionIcon>
      ),
    },
  ];
}

/**
 * The e-mail alert of a saved search: Pas d’alerte / Chaque jour / Chaque semaine, and the note
 * when the site sends no e-mail.
 */
import type { AlertStatus } from '@immoloupe/shared/alerts/contracts';
import { LAYERS } from '@immoloupe/shared/constants';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '@immoloupe/shared/saved-searches/contracts';
import { Stack } from '@mantine/core';
import { Select } from '~/components/select';
import { AlertsNotSent } from '../alerts/alerts-not-sent';

const DATA = ALERT_FREQUENCIES.map((f) => ({ value: f, label: ALERT_FREQUENCY_LABELS[f] }));

export function AlertChoice({
  value,
  onChange,
  status,
  compact = false,
  inModal = false,
  searchName,
}: {
  value: AlertFrequency;
  onChange: (f: AlertFrequency) => void;
  status: AlertStatus | null;
  /** In a table row: small, no visible label (the row's search names it), the note shown once by the table. */
  compact?: boolean;
  searchName?: string;
  /** In a modal: its dropdown above the modal (menus sit below modals, LAYERS). */
  inModal?: boolean;
}) {
  return (
    <Stack gap={4}>
      <Select
        label={compact ? undefined : 'Alerte par e-mail'}
        aria-label={compact ? `Alerte de «\u00a0${searchName ?? ''}\u00a0»` : undefined}
        description={
          compact
            ? undefined
            : 'Ce que cette recherche trouve de nouveau à chaque import, réuni avec vos autres alertes dans un seul e-mail.'
        }
        size={compact ? 'xs' : 'sm'}
        w={compact ? 160 : undefined}
        data={DATA}
        value={value}
        allowDeselect={false}
        comboboxProps={inModal ? { zIndex: LAYERS.modal + 1 } : undefined}
        onChange={(v) => v && onChange(v as AlertFrequency)}
      />
      {!compact && <AlertsNotSent status={status} />}
    </Stack>
  );
}

import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '@immoloupe/shared/saved-searches/contracts';
import { Select } from '~/components/select';

const DATA = ALERT_FREQUENCIES.map((f) => ({ value: f, label: ALERT_FREQUENCY_LABELS[f] }));

/** The alert frequency of a saved search (e-mail). */
export function AlertSelect(props: { value: AlertFrequency; onChange: (v: AlertFrequency) => void; label?: string }) {
  return (
    <Select
      label={props.label ?? 'Alerte par e-mail'}
      data={DATA}
      value={props.value}
      allowDeselect={false}
      onChange={(v) => v && props.onChange(v as AlertFrequency)}
    />
  );
}

/**
 * Mantine's Select and MultiSelect with the two French empty states the seed distinguishes:
 * « Aucune option disponible » when there is nothing to choose from, « Aucun résultat » when the
 * typed filter matches nothing (Mantine itself has one message for both).
 */
import { UI_LABELS } from '@immoloupe/shared/ui-labels';
import { MultiSelect as MantineMultiSelect, Select as MantineSelect, type MultiSelectProps, type SelectProps } from '@mantine/core';

export function emptyMessage(data: unknown): string {
  return Array.isArray(data) && data.length > 0 ? UI_LABELS.noResults : UI_LABELS.noOptions;
}

export function Select(props: SelectProps) {
  return <MantineSelect nothingFoundMessage={emptyMessage(props.data)} {...props} />;
}

export function MultiSelect(props: MultiSelectProps) {
  return <MantineMultiSelect nothingFoundMessage={emptyMessage(props.data)} {...props} />;
}

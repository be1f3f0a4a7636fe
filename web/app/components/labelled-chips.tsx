/**
 * A row of filter chips under its name, announced as a group: a chip « Neuf » or « Bénévole » alone
 * does not say what it filters.
 */
import { Chip, Group, Stack } from '@mantine/core';
import { useId } from 'react';
import { GroupLabel } from './group-label';

export interface LabelledChipsProps<T extends string> {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  /** The chosen options (the forms hold them as plain strings, as the URL gives them). */
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}

export function LabelledChips<T extends string>({ label, options, labels, value, onChange, disabled }: LabelledChipsProps<T>) {
  const id = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={id}>
      <GroupLabel id={id}>{label}</GroupLabel>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={4}>
          {options.map((o) => (
            <Chip key={o} value={o} size="xs" disabled={disabled}>
              {labels[o]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

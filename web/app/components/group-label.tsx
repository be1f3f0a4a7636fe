/**
 * The visible name of a group of choices (chips, a segmented control, a slider) that has no field
 * label of its own: in the weight and size Mantine gives a field's label, so that « Type de bien »
 * reads like « Surface habitable (m²) » beside it. Controls point at it with `aria-labelledby`.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function GroupLabel({ id, mb, children }: { id?: string; mb?: number; children: ReactNode }) {
  return (
    <Text size="sm" fw="var(--mantine-font-weight-medium)" id={id} mb={mb}>
      {children}
    </Text>
  );
}

/**
 * The name of a table row that opens its sheet: a link-like button that wraps, so that a long name
 * does not push the next columns out of view. `label` says to a screen reader what opens.
 */
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

export function RowOpenButton({ label, onOpen, children }: { label: string; onOpen: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" ta="left" onClick={onOpen} aria-label={label}>
      {children}
    </Anchor>
  );
}

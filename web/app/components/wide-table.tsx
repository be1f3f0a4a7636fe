/**
 * A wide table that scrolls sideways on narrow screens. The scrolling region can take the focus,
 * so that keyboard users can scroll it too (WCAG 2.1.1), and is named for screen readers.
 */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

export function WideTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

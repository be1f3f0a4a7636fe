/**
 * A wide table that scrolls sideways on narrow screens. The scrolling region can take the focus,
 * so that keyboard users can scroll it too (WCAG 2.1.1), and is named for screen readers. It is
 * positioned: otherwise the visually hidden headers and the textareas' measuring copies inside,
 * absolutely placed, escape its scrolling and widen the whole page on a phone.
 */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

export function WideTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', position: 'relative' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

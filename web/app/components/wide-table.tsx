/**
 * A wide table that scrolls sideways on narrow screens. The scrolling region can take the focus,
 * so that keyboard users can scroll it too (WCAG 2.1.1), and is named for screen readers. It is
 * positioned: otherwise the visually hidden headers and the textareas' measuring copies inside,
 * absolutely placed, escape its scrolling and widen the whole page on a phone.
 *
 * When the table is wider than its region (measured again on every resize), a line above it says
 * so (« Faites défiler le tableau → », also the region's description for screen readers) and the
 * right edge fades until the table is scrolled to its end.
 */
import { Box, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';

export const SCROLL_HINT = 'Faites défiler le tableau →';

interface Overflow {
  /** The content is wider than the region. */
  overflowing: boolean;
  /** Scrolled to its right end (nothing more to see on the right). */
  atEnd: boolean;
}

function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): Overflow {
  const [state, setState] = useState<Overflow>({ overflowing: false, atEnd: true });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const overflowing = el.scrollWidth > el.clientWidth + 1;
      const atEnd = !overflowing || el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
      setState((s) => (s.overflowing === overflowing && s.atEnd === atEnd ? s : { overflowing, atEnd }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    // The region (window resized, phone turned) and the table (rows loaded) change size apart.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return state;
}

export function WideTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const { overflowing, atEnd } = useHorizontalOverflow(ref);
  return (
    <Box>
      {overflowing ? (
        <Text id={hintId} size="xs" c="dimmed" ta="right" mb={4} data-testid="scroll-hint">
          {SCROLL_HINT}
        </Text>
      ) : null}
      <Box pos="relative">
        <Box
          ref={ref}
          role="region"
          aria-label={label}
          aria-describedby={overflowing ? hintId : undefined}
          tabIndex={0}
          style={{ overflowX: 'auto', position: 'relative' }}
        >
          <Box miw={minWidth}>{children}</Box>
        </Box>
        {overflowing && !atEnd ? (
          <Box
            aria-hidden
            data-testid="scroll-fade"
            style={{
              position: 'absolute',
              top: 0,
              right: 0,
              bottom: 0,
              width: 32,
              pointerEvents: 'none',
              background: 'linear-gradient(to right, transparent, var(--mantine-color-body))',
            }}
          />
        ) : null}
      </Box>
    </Box>
  );
}

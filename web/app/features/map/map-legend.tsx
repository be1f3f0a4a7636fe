/**
 * A map's legend, drawn beside it with the colours its layers use, so that a reader never guesses
 * what a circle, a colour or a number stands for. Each entry is a small swatch and a French label.
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type LegendSwatch =
  /** A filled disc (a point marker), `size` its diameter in pixels. */
  | { kind: 'disc'; color: string; size?: number; stroke?: string }
  /** A translucent area with its outline (a parcel). */
  | { kind: 'area'; color: string; outline: string }
  /** A dashed ring (a radius). */
  | { kind: 'ring'; color: string }
  /** Colour classes side by side, each with its label (a price ramp, energy classes). */
  | { kind: 'ramp'; stops: readonly { color: string; label: string }[] };

export interface LegendEntry {
  swatch: LegendSwatch | LegendSwatch[];
  label: ReactNode;
}

function Swatch({ s }: { s: LegendSwatch }) {
  if (s.kind === 'ramp') {
    return (
      <Group gap={6} wrap="wrap" component="span">
        {s.stops.map((stop) => (
          <Group key={stop.label} gap={3} component="span" wrap="nowrap">
            <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: stop.color, display: 'inline-block' }} />
            <Text span size="xs">
              {stop.label}
            </Text>
          </Group>
        ))}
      </Group>
    );
  }
  const style =
    s.kind === 'disc'
      ? {
          width: s.size ?? 12,
          height: s.size ?? 12,
          borderRadius: '50%',
          background: s.color,
          border: `2px solid ${s.stroke ?? '#ffffff'}`,
        }
      : s.kind === 'area'
        ? { width: 16, height: 12, background: s.color, opacity: 0.6, border: `2px solid ${s.outline}` }
        : { width: 16, height: 16, borderRadius: '50%', border: `2px dashed ${s.color}` };
  return <span aria-hidden style={{ ...style, display: 'inline-block', boxSizing: 'border-box', flex: 'none' }} />;
}

/** `label`: what the legend is of, for assistive technologies (« Légende de la carte … »). */
export function MapLegend({ entries, label = 'Légende de la carte' }: { entries: readonly LegendEntry[]; label?: string }) {
  return (
    <Group component="ul" role="list" aria-label={label} gap="md" mt="xs" p={0} style={{ listStyle: 'none' }} align="center">
      {entries.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a legend's entries are fixed and never reordered.
        <Group key={i} component="li" gap={6} wrap="nowrap" align="center">
          {(Array.isArray(e.swatch) ? e.swatch : [e.swatch]).map((s, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: same.
            <Swatch key={j} s={s} />
          ))}
          <Text span size="xs">
            {e.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

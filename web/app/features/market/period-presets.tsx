/**
 * Quick periods for a DVF tool: all the sales, or the last one, two or five years of the data. The
 * years end at the newest sale the database holds, not today: DVF is published months late, and
 * « the last year » from today could hold no sale at all.
 */
import { periodEndingAt } from '@immoloupe/shared/market/period.logic';
import { Button, Group } from '@mantine/core';
import { useId } from 'react';
import { GroupLabel } from '~/components/group-label';

const PRESETS = [
  { years: 1, label: '1 an', title: 'L’année qui précède la vente la plus récente' },
  { years: 2, label: '2 ans', title: 'Les deux ans qui précèdent la vente la plus récente' },
  { years: 5, label: '5 ans', title: 'Les cinq ans qui précèdent la vente la plus récente' },
] as const;

export interface PeriodPresetsProps {
  from: string | null;
  to: string | null;
  /** The newest sale of the place, or of the base (`YYYY-MM-DD`); without it only « Toutes les ventes » is offered. */
  newest: string | null;
  onChange: (period: { from: string | null; to: string | null }) => void;
}

export function PeriodPresets({ from, to, newest, onChange }: PeriodPresetsProps) {
  const id = useId();
  const choice = (active: boolean) => ({ variant: active ? 'filled' : 'light', 'aria-pressed': active }) as const;
  return (
    <Group gap={6} role="group" aria-labelledby={id}>
      <GroupLabel id={id}>Période</GroupLabel>
      <Button size="compact-sm" {...choice(!from && !to)} onClick={() => onChange({ from: null, to: null })}>
        Toutes les ventes
      </Button>
      {newest
        ? PRESETS.map((p) => {
            const period = periodEndingAt(newest, p.years);
            return (
              <Button
                key={p.years}
                size="compact-sm"
                {...choice(from === period.from && to === period.to)}
                onClick={() => onChange(period)}
                title={p.title}
              >
                {p.label}
              </Button>
            );
          })
        : null}
    </Group>
  );
}

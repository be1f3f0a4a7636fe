/** The legend of the listings maps: each colour with the band of the median it stands for. */
import { Group, Text } from '@mantine/core';
import { NO_COMPARISON_COLOR, POSITION_COLORS, POSITION_LABELS } from './analysis-view';

const BANDS = {
  dessous: 'plus de 5\u00a0% sous la médiane',
  aligne: 'à 5\u00a0% près de la médiane',
  dessus: 'plus de 5\u00a0% au-dessus de la médiane',
} as const;

/** `of`: whose median (« de la commune », « DVF »). */
export function PositionLegend({ of }: { of: string }) {
  return (
    <Group gap="lg" role="group" aria-label="Légende">
      {(['dessous', 'aligne', 'dessus'] as const).map((p) => (
        <Text key={p} size="sm">
          <span style={{ color: POSITION_COLORS[p] }}>●</span> {POSITION_LABELS[p]} ({BANDS[p]} {of})
        </Text>
      ))}
      <Text size="sm">
        <span style={{ color: NO_COMPARISON_COLOR }}>●</span> Sans comparaison (location, ou pas de médiane DVF)
      </Text>
    </Group>
  );
}

/** The legend of the listings maps: each colour with the band of the median it stands for. */
import { NBSP } from '@immoloupe/shared/format';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { NO_COMPARISON_COLOR, POSITION_COLORS, POSITION_LABELS } from './analysis-view';

const BANDS = {
  dessous: `plus de 5${NBSP}% sous la médiane`,
  aligne: `à 5${NBSP}% près de la médiane`,
  dessus: `plus de 5${NBSP}% au-dessus de la médiane`,
} as const;

/** `of`: whose median (« de la commune », « DVF »). */
export function positionLegendEntries(of: string): LegendEntry[] {
  return [
    ...(['dessous', 'aligne', 'dessus'] as const).map((p) => ({
      swatch: { kind: 'disc', color: POSITION_COLORS[p], size: 14 } as const,
      label: `${POSITION_LABELS[p]} (${BANDS[p]} ${of})`,
    })),
    { swatch: { kind: 'disc', color: NO_COMPARISON_COLOR, size: 14 }, label: 'Sans comparaison (location, ou pas de médiane DVF)' },
  ];
}

/** `of`: whose median; `map`: the map's name, lower-cased (« carte de mes annonces »). */
export function PositionLegend({ of, map = 'carte des annonces' }: { of: string; map?: string }) {
  return <MapLegend label={`Légende de la ${map}`} entries={positionLegendEntries(of)} />;
}

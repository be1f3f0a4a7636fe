/**
 * The legend of the search maps (DPE, co-ownerships): what a marker's colour and number stand for.
 * A group of DPE takes the colour of its worst energy class (the server's choice, tiles/searches.ts):
 * the legend says so, or a yellow « 145 » among mostly C diagnostics would read as 145 D.
 */
import { DPE_CLASS_COLORS } from '@immoloupe/shared/dpe/contracts';
import { NBSP } from '@immoloupe/shared/format';
import type { LegendEntry } from '~/features/map/map-legend';
import { OTHER_CLASS_COLOR, SYNDIC_COLORS } from './zone.logic';

export function clusterLegendEntries(layer: 'dpe' | 'copros'): LegendEntry[] {
  const number = {
    swatch: { kind: 'disc', color: '#ced4da', size: 18 },
    label: `Nombre dans le cercle${NBSP}: ${layer === 'dpe' ? 'DPE' : 'copropriétés'} regroupés à cet endroit (cliquer pour zoomer)`,
  } as const;
  if (layer === 'dpe') {
    return [
      {
        swatch: { kind: 'ramp', stops: Object.entries(DPE_CLASS_COLORS).map(([c, color]) => ({ color, label: c })) },
        label: 'Étiquette énergie (un groupe prend la couleur de sa plus mauvaise étiquette)',
      },
      number,
    ];
  }
  return [
    {
      swatch: {
        kind: 'ramp',
        stops: [
          { color: SYNDIC_COLORS.professionnel, label: 'Syndic professionnel' },
          { color: SYNDIC_COLORS.bénévole, label: 'Syndic bénévole' },
          { color: OTHER_CLASS_COLOR, label: 'Autre ou inconnu' },
        ],
      },
      label: 'Type de syndic',
    },
    number,
  ];
}

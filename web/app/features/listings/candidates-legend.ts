/**
 * The legend of the localisation maps (localisation, a listing's analysis), from the very colours
 * their points wear: the likelihood of each candidate address, whose number is its rank in the list.
 */
import { NBSP } from '@immoloupe/shared/format';
import type { LegendEntry } from '~/features/map/map-legend';
import { scoreColor } from './candidates-list';

export const CANDIDATES_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'disc', color: scoreColor(80), size: 14 }, label: `Vraisemblance de 80${NBSP}% et plus` },
  { swatch: { kind: 'disc', color: scoreColor(50), size: 14 }, label: `De 50 à 79${NBSP}%` },
  { swatch: { kind: 'disc', color: scoreColor(0), size: 14 }, label: `Moins de 50${NBSP}%` },
  { swatch: { kind: 'disc', color: scoreColor(null), size: 14 }, label: 'Adresse écrite dans l’annonce (sans DPE à comparer)' },
  { swatch: { kind: 'disc', color: '#adb5bd', size: 18 }, label: `Numéro du point${NBSP}: son rang dans la liste des adresses candidates` },
];

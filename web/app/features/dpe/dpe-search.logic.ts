/**
 * The DPE search form ↔ the page URL ↔ the API query: the same parameter names everywhere, so a
 * link reproduces the search. Pure, tested.
 */
import { type ZoneChoice, zoneChoiceFromUrl, zoneChoiceParams } from '~/features/zone/zone.logic';

export interface DpeForm {
  zone: ZoneChoice;
  classes: string[];
  passoires: boolean;
  types: string[];
  modeles: string[];
  from: string;
  to: string;
  surfaceMin: string;
  surfaceMax: string;
  yearMin: string;
  yearMax: string;
  copro: string;
  sort: string;
  order: string;
}

const FIELDS = ['from', 'to', 'surfaceMin', 'surfaceMax', 'yearMin', 'yearMax', 'copro', 'sort', 'order'] as const;
const LISTS = ['classes', 'types', 'modeles'] as const;

export function dpeFormFromUrl(p: URLSearchParams): DpeForm {
  const list = (k: string) => (p.get(k) ? (p.get(k) as string).split(',') : []);
  return {
    zone: zoneChoiceFromUrl(p),
    classes: list('classes'),
    passoires: p.get('passoires') === '1',
    types: list('types'),
    modeles: list('modeles'),
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    surfaceMin: p.get('surfaceMin') ?? '',
    surfaceMax: p.get('surfaceMax') ?? '',
    yearMin: p.get('yearMin') ?? '',
    yearMax: p.get('yearMax') ?? '',
    copro: p.get('copro') ?? '',
    sort: p.get('sort') ?? 'date',
    order: p.get('order') ?? 'desc',
  };
}

/** The URL (and API) query of a form, or a French message when the zone is incomplete. */
export function dpeFormQuery(f: DpeForm): URLSearchParams | string {
  const zone = zoneChoiceParams(f.zone);
  if (typeof zone === 'string') return zone;
  const q = new URLSearchParams(zone);
  if (f.passoires) q.set('passoires', '1');
  for (const k of LISTS) if (f[k].length) q.set(k, f[k].join(','));
  for (const k of FIELDS)
    if (f[k].trim() !== '' && !(k === 'sort' && f[k] === 'date') && !(k === 'order' && f[k] === 'desc')) q.set(k, f[k].trim());
  return q;
}

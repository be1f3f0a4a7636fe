/** The co-ownership search form ↔ the page URL ↔ the API query (same names). Pure, tested. */
import { type ZoneChoice, zoneChoiceFromUrl, zoneChoiceParams } from '~/features/zone/zone.logic';

export interface CoproForm {
  zone: ZoneChoice;
  lotsMin: string;
  lotsMax: string;
  syndicTypes: string[];
  syndic: string;
  /** '' | 'termine' | a number of months. */
  mandate: string;
  flags: string[];
  dpeFG: boolean;
}

export function coproFormFromUrl(p: URLSearchParams): CoproForm {
  const list = (k: string) => (p.get(k) ? (p.get(k) as string).split(',') : []);
  return {
    zone: zoneChoiceFromUrl(p),
    lotsMin: p.get('lotsMin') ?? '',
    lotsMax: p.get('lotsMax') ?? '',
    syndicTypes: list('syndicTypes'),
    syndic: p.get('syndic') ?? '',
    mandate: p.get('mandate') === 'termine' ? 'termine' : (p.get('endsWithin') ?? ''),
    flags: list('flags'),
    dpeFG: p.get('dpeFG') === '1',
  };
}

export function coproFormQuery(f: CoproForm): URLSearchParams | string {
  const zone = zoneChoiceParams(f.zone);
  if (typeof zone === 'string') return zone;
  const q = new URLSearchParams(zone);
  if (f.lotsMin.trim()) q.set('lotsMin', f.lotsMin.trim());
  if (f.lotsMax.trim()) q.set('lotsMax', f.lotsMax.trim());
  if (f.syndicTypes.length) q.set('syndicTypes', f.syndicTypes.join(','));
  if (f.syndic.trim()) q.set('syndic', f.syndic.trim());
  if (f.mandate === 'termine') q.set('mandate', 'termine');
  else if (f.mandate) q.set('endsWithin', f.mandate);
  if (f.flags.length) q.set('flags', f.flags.join(','));
  if (f.dpeFG) q.set('dpeFG', '1');
  return q;
}

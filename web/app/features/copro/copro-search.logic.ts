/** The co-ownership search form ↔ the page URL ↔ the API query (same names). Pure, tested. */
import { endsWithinNote } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate } from '@immoloupe/shared/format';
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

/**
 * What the mandate filter of a result shows, after its count. It counts from the RNIC data date
 * (decision 0740), which may be months old: the note gives the dates, and says which mandates of
 * « finit dans N mois » have already ended by `today`.
 */
export function mandateNote(query: URLSearchParams, asOf: string | null, today: string): string {
  if (!asOf) return '';
  const base = ` — mandats comptés depuis le ${formatDate(asOf)} (date des données RNIC)`;
  const months = Number(query.get('endsWithin'));
  if (Number.isInteger(months) && months > 0) return `${base}\u00a0: ${endsWithinNote(asOf, months, today)}`;
  if (query.get('mandate') === 'termine' && asOf < today)
    return `${base}\u00a0; ceux échus depuis sont sous «\u00a0Finit dans N mois\u00a0»`;
  return base;
}

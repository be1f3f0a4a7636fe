/**
 * The permit search's filters in the page address: `commune`, `du`, `au`, `liste`, `type`,
 * `logementsMin` (the names of `permitSearchQuerySchema`, so that a saved permit search is the
 * page's own query). On the market analysis page, the commune defaults to the analysed one (`insee`).
 */
import { PERMIT_LISTS, type PermitList } from '@immoloupe/shared/permits/contracts';

export interface PermitForm {
  commune: string;
  du: string;
  au: string;
  liste: PermitList | '';
  type: string;
  logementsMin: string;
}

export const PERMIT_PARAMS = ['commune', 'du', 'au', 'liste', 'type', 'logementsMin'] as const;

export function permitFormFromParams(params: URLSearchParams): PermitForm {
  const liste = params.get('liste') ?? '';
  return {
    commune: params.get('commune') ?? (params.get('insee') ?? '').split(',')[0] ?? '',
    du: params.get('du') ?? '',
    au: params.get('au') ?? '',
    liste: (PERMIT_LISTS as readonly string[]).includes(liste) ? (liste as PermitList) : '',
    type: params.get('type') ?? '',
    logementsMin: params.get('logementsMin') ?? '',
  };
}

/** The API query of a form, its empty fields left out; null without a commune. */
export function permitQuery(form: PermitForm): string | null {
  if (!form.commune) return null;
  const q = new URLSearchParams();
  for (const key of PERMIT_PARAMS) {
    const v = form[key].trim();
    if (v) q.set(key, v);
  }
  return q.toString();
}

/** The subscription offer as the public pages show it: price and billing interval from config. */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { formatPriceCents } from '@immoloupe/shared/format';
import { useRouteLoaderData } from 'react-router';

export interface OfferLabel {
  /** `49 €` */
  price: string;
  /** `par mois` or `par an` */
  per: string;
  /** `49 € TTC par mois` */
  full: string;
}

export function offerLabel(offer: PublicConfig['offer']): OfferLabel {
  const price = formatPriceCents(offer.priceCents);
  const per = offer.interval === 'year' ? 'par an' : 'par mois';
  return { price, per, full: `${price} TTC ${per}` };
}

/** The offer from the root loader's data (the server's configuration). */
export function useOffer(): OfferLabel | null {
  const data = useRouteLoaderData('root') as { publicConfig?: PublicConfig } | undefined;
  return data?.publicConfig ? offerLabel(data.publicConfig.offer) : null;
}

/**
 * leboncoin: ad objects (search page `__NEXT_DATA__`, the 2018 `FLUX_STATE` ad view, search API
 * payloads) share one shape: `list_id`, `subject`, `price`, `location`, `owner`, `attributes[]`.
 */
import type { FieldOrigin } from '../contracts.js';
import { type ListingDocument, text } from '../dom.js';
import { ListingDraft, type PortalJson } from '../draft.js';
import { energyClass, factsFromText, frenchDate, frenchNumber, propertyTypeOf } from '../text.logic.js';

type Attribute = { key?: string; value?: string; value_label?: string };
type LbcAd = Record<string, unknown> & { attributes?: Attribute[] };

const AD_URL = 'https://www.leboncoin.fr/ad/';

export function isLeboncoinAd(json: unknown): json is LbcAd {
  return typeof json === 'object' && json !== null && ('list_id' in json || 'subject' in json) && Array.isArray((json as LbcAd).attributes);
}

export function leboncoinAd(ad: LbcAd, origin: FieldOrigin, url?: string): ListingDraft {
  const d = new ListingDraft('leboncoin');
  const attrs = new Map((ad.attributes ?? []).map((a) => [a.key ?? '', a]));
  const attr = (key: string) => attrs.get(key)?.value;
  const id = String(ad.list_id ?? ad.id ?? '');
  d.set('url', url ?? (typeof ad.url === 'string' ? ad.url : undefined), url ? 'url' : origin);
  d.set('portalId', id || undefined, origin);
  d.set('title', typeof ad.subject === 'string' ? ad.subject : undefined, origin);
  const category = String(ad.category_id ?? '');
  const lease = attr('lease_type');
  d.set(
    'transaction',
    lease === 'rent' || category === '10' ? 'location' : lease === 'sell' || category === '9' ? 'vente' : undefined,
    origin,
  );
  d.set('propertyType', propertyTypeOf(attrs.get('real_estate_type')?.value_label), origin);
  const price = Array.isArray(ad.price) ? ad.price[0] : ad.price;
  d.set('price', frenchNumber(price as number | string | undefined), origin);
  d.set('surface', frenchNumber(attr('square')), origin);
  d.set('rooms', frenchNumber(attr('rooms')), origin);
  d.set('bedrooms', frenchNumber(attr('bedrooms')), origin);
  d.set('landArea', frenchNumber(attr('land_plot_surface')), origin);
  d.set('floor', frenchNumber(attr('floor_number')), origin);
  d.set('dpeClass', energyClass(attr('energy_rate')), origin);
  d.set('gesClass', energyClass(attr('ges')), origin);
  const location = (ad.location ?? {}) as Record<string, unknown>;
  d.set('postcode', String(location.zipcode ?? ad.zipcode ?? '') || undefined, origin);
  d.set('city', (location.city ?? ad.city) as string | undefined, origin);
  d.set('district', (location.district ?? undefined) as string | undefined, origin);
  d.set('lat', frenchNumber((location.lat ?? ad.latitude) as number | undefined), origin);
  d.set('lon', frenchNumber((location.lng ?? ad.longitude) as number | undefined), origin);
  d.set('description', typeof ad.body === 'string' ? ad.body : undefined, origin);
  const images = (ad.images ?? {}) as { urls_large?: string[]; urls?: string[] };
  d.set('photos', images.urls_large ?? images.urls, origin);
  const owner = (ad.owner ?? {}) as { type?: string };
  d.set('seller', owner.type === 'pro' ? 'professionnel' : owner.type === 'private' ? 'particulier' : undefined, origin);
  d.set('publishedAt', frenchDate((ad.first_publication_date ?? ad.first_pub_date) as string | undefined), origin);
  d.set('updatedAt', frenchDate(ad.index_date as string | undefined), origin);
  return d;
}

function scriptJson(doc: ListingDocument, selector: string): unknown {
  const body = text(doc.querySelector(selector));
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The 2018 layout assigns the store to `window.FLUX_STATE` in an inline script. */
function fluxState(doc: ListingDocument): { adview?: LbcAd } | undefined {
  for (const script of doc.querySelectorAll('script')) {
    const body = script.textContent ?? '';
    const at = body.indexOf('FLUX_STATE');
    if (at < 0) continue;
    const start = body.indexOf('{', at);
    const end = body.lastIndexOf('}');
    try {
      return JSON.parse(body.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function leboncoinPage(doc: ListingDocument, url?: string): ListingDraft[] {
  const next = scriptJson(doc, 'script#__NEXT_DATA__') as { props?: { pageProps?: Record<string, PortalJson> } } | undefined;
  const props = next?.props?.pageProps;
  if (props?.ad && isLeboncoinAd(props.ad)) return [leboncoinAd(props.ad, 'next-data', url)];
  const ads = props?.searchData?.ads;
  if (Array.isArray(ads)) return ads.filter(isLeboncoinAd).map((ad) => leboncoinAd(ad, 'next-data'));
  const adview = fluxState(doc)?.adview;
  if (adview && isLeboncoinAd(adview)) return [leboncoinAd(adview, 'embedded-json', url)];
  return [];
}

/** A search card's innerText (« 490 € Prix: 490 €. Appartement · 2 pièces · 36m² … »). */
export function leboncoinCardText(card: { id?: string; link?: string; text: string }): ListingDraft {
  const d = new ListingDraft('leboncoin');
  d.set('url', card.link, 'text');
  d.set('portalId', card.id, 'text');
  const facts = factsFromText(card.text);
  d.setFacts(facts, 'text');
  const place = /Située à (.{1,60}?)\s{1,3}(\d{5})\b/.exec(card.text);
  if (place?.[1]) d.set('city', place[1].trim(), 'text');
  if (/Vendeur professionnel/i.test(card.text)) d.set('seller', 'professionnel', 'text');
  else if (/Particulier/i.test(card.text)) d.set('seller', 'particulier', 'text');
  if (card.link?.includes('/locations/')) d.set('transaction', 'location', 'url');
  return d;
}

export const LEBONCOIN_AD_URL = AD_URL;

/**
 * Readers every listing page carries in some form, whatever its portal and year: schema.org JSON-LD,
 * the page's embedded JSON state (`__NEXT_DATA__`, `application/json` scripts), OpenGraph and meta
 * tags, microdata, then labelled text (« Surface 45 m² », « Classe énergie D »). They run after the
 * portal's own reader and only fill what it left unread (`ListingDraft.set` keeps the first value),
 * so a layout a portal reader does not know is still read. Result pages give one draft per card.
 */
import type { ParsedListing } from '../contracts.js';
import { type ListingDocument, type ListingElement, text } from '../dom.js';
import { ListingDraft, type PortalJson } from '../draft.js';
import {
  energyClass,
  factsFromText,
  frenchDate,
  frenchNumber,
  propertyTypeOf,
  rentByPriceWording,
  TEXT_WINDOW,
  transactionOf,
} from '../text.logic.js';

type Draft = ListingDraft;

/** Sale or rent from a listing URL's path (« /location/ », « /locations/ », « annonce-vente-… »). */
export function transactionOfUrl(url: string | undefined): ParsedListing['transaction'] {
  if (!url) return undefined;
  let p: string;
  try {
    p = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return undefined;
  }
  const rent = /(?:^|[/_-])(?:locations?|louer|location-vacances)(?:$|[/_.-])/.test(p);
  const sale = /(?:^|[/_-])(?:ventes?|vendre|achat|acheter|ventes_immobilieres|viager)(?:$|[/_.-])/.test(p);
  return rent === sale ? undefined : rent ? 'location' : 'vente';
}

function parseJson(raw: string | null | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw.trim());
  } catch {
    return undefined;
  }
}

const LISTING_TYPES = /^(?:Offer|Product|Residence|Apartment|House|SingleFamilyResidence|Accommodation|RealEstateListing|Place)$/;

/** Every JSON-LD node of a page (graphs and arrays flattened), each with its `@type`s. */
function jsonLdNodes(doc: ListingDocument): Record<string, PortalJson>[] {
  const out: Record<string, PortalJson>[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, PortalJson>;
    out.push(o);
    if (Array.isArray(o['@graph'])) walk(o['@graph'], depth + 1);
  };
  for (const s of doc.querySelectorAll('script[type="application/ld+json"]')) walk(parseJson(s.textContent), 0);
  return out;
}

function types(o: Record<string, PortalJson>): string[] {
  const t = o['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

const SCHEMA_TYPES: Record<string, ParsedListing['propertyType']> = {
  Apartment: 'appartement',
  House: 'maison',
  SingleFamilyResidence: 'maison',
};

function quantity(v: PortalJson): number | undefined {
  if (v == null) return undefined;
  if (typeof v === 'number' || typeof v === 'string') return frenchNumber(String(v).replace(/\s*m(?:²|2)$/, ''));
  return frenchNumber(v.value ?? v.minValue);
}

/** A schema.org listing node (Offer, Apartment, House…) into a draft: its offer, its place, its item. */
function schemaInto(d: Draft, node: Record<string, PortalJson>, origin: 'json-ld' | 'microdata'): void {
  const item: Record<string, PortalJson> = node.itemOffered ?? node.mainEntity ?? node;
  const offer: Record<string, PortalJson> = node.offers ? (Array.isArray(node.offers) ? node.offers[0] : node.offers) : node;
  const all = [...types(node), ...types(item)];
  d.set('title', typeof node.name === 'string' ? node.name : item.name, origin);
  d.set('url', typeof node.url === 'string' && node.url.startsWith('http') ? node.url : undefined, origin);
  d.set('propertyType', all.map((t) => SCHEMA_TYPES[t]).find(Boolean) ?? propertyTypeOf(String(item.name ?? node.name ?? '')), origin);
  const spec = offer?.priceSpecification;
  const unit = String(spec?.unitText ?? spec?.unitCode ?? offer?.unitText ?? '').toUpperCase();
  const business = String(offer?.businessFunction ?? '').toLowerCase();
  d.set(
    'transaction',
    /MONTH|MON|MOIS/.test(unit) || business.includes('leaseout') || all.includes('RentAction')
      ? 'location'
      : business.includes('sell') || all.includes('SellAction')
        ? 'vente'
        : undefined,
    origin,
  );
  d.set('price', frenchNumber(offer?.price ?? spec?.price), origin);
  d.set('surface', quantity(item.floorSize), origin);
  d.set('rooms', frenchNumber(item.numberOfRooms), origin);
  d.set('bedrooms', frenchNumber(item.numberOfBedrooms), origin);
  const address = (item.address ?? node.address ?? {}) as Record<string, PortalJson>;
  d.set('postcode', typeof address.postalCode === 'string' ? address.postalCode : undefined, origin);
  d.set('city', typeof address.addressLocality === 'string' ? address.addressLocality : undefined, origin);
  const geo = (item.geo ?? node.geo ?? {}) as Record<string, PortalJson>;
  d.set('lat', frenchNumber(geo.latitude), origin);
  d.set('lon', frenchNumber(geo.longitude), origin);
  d.set('description', typeof node.description === 'string' ? node.description : item.description, origin);
  const image = node.image ?? item.image;
  const images = (Array.isArray(image) ? image : [image])
    .map((i) => (typeof i === 'string' ? i : i?.url))
    .filter((u) => typeof u === 'string');
  d.set(
    'photos',
    images.filter((u: string) => u.startsWith('http')),
    origin,
  );
  d.set('publishedAt', frenchDate(node.datePosted ?? node.datePublished), origin);
  d.set('updatedAt', frenchDate(node.dateModified), origin);
}

function isListingNode(o: Record<string, PortalJson>): boolean {
  return [...types(o), ...types(o.itemOffered ?? {})].some((t) => LISTING_TYPES.test(t));
}

/** JSON-LD of one ad: the first listing node, its offer's item and price. */
export function jsonLdInto(d: Draft, doc: ListingDocument): void {
  const nodes = jsonLdNodes(doc).filter(isListingNode);
  for (const node of nodes) schemaInto(d, node, 'json-ld');
}

/** A results page's JSON-LD `ItemList`: one draft per listed offer. */
function jsonLdCards(doc: ListingDocument, portal: Draft['portal']): Draft[] {
  const list = jsonLdNodes(doc).find((o) => types(o).includes('ItemList') && Array.isArray(o.itemListElement));
  if (!list) return [];
  return (list.itemListElement as PortalJson[])
    .map((e) => e?.item ?? e)
    .filter((e) => e && typeof e === 'object' && isListingNode(e))
    .map((e) => {
      const d = new ListingDraft(portal);
      schemaInto(d, e, 'json-ld');
      return d;
    });
}

/** Keys a page's state names a listing's facts with, in the portals' and their platforms' words. */
const KEYS: Record<string, string[]> = {
  price: ['price', 'prix', 'priceValue', 'amount', 'loyer', 'rent'],
  surface: ['surface', 'livingArea', 'livingSpace', 'surfaceArea', 'square', 'area', 'surface_m2', 'surfaceHabitable'],
  rooms: ['rooms', 'nbRooms', 'roomsQuantity', 'numberOfRooms', 'nb_pieces', 'nbPieces', 'pieces'],
  bedrooms: ['bedrooms', 'nbBedrooms', 'bedroomsQuantity', 'numberOfBedrooms', 'nb_chambres', 'nbChambres', 'chambres'],
  postcode: ['postalCode', 'zipCode', 'zipcode', 'postcode', 'codePostal', 'code_postal', 'cp'],
  city: ['city', 'ville', 'cityName', 'locality', 'addressLocality'],
  dpeClass: ['energyClass', 'dpe', 'energy_rate', 'energyRate', 'classeEnergie', 'dpeClass', 'energyClassification'],
  gesClass: ['ghgClass', 'ges', 'gesClass', 'greenhouseGasClass', 'classeGes'],
  title: ['title', 'subject', 'titre', 'headline'],
  transaction: ['transactionType', 'adType', 'distributionType', 'typeTransaction', 'type_transaction', 'transaction', 'lease_type'],
};
const RENT_VALUES = /^(?:rent|rental|renting|location|louer|lease|2)$/i;
const SALE_VALUES = /^(?:buy|sale|sell|vente|achat|purchase|1)$/i;

/** The object of a page's state that holds the most listing keys (the ad), walked to a bounded depth. */
function bestListingObject(root: unknown): Record<string, PortalJson> | undefined {
  let best: { o: Record<string, PortalJson>; score: number } | undefined;
  let visited = 0;
  const wanted = new Set(Object.values(KEYS).flat());
  const walk = (v: unknown, depth: number) => {
    if (depth > 12 || visited > 20_000 || !v || typeof v !== 'object') return;
    visited++;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 200)) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, PortalJson>;
    let score = 0;
    for (const k of Object.keys(o)) if (wanted.has(k)) score++;
    if (score >= 3 && (!best || score > best.score)) best = { o, score };
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(root, 0);
  return best?.o;
}

function scalar(v: PortalJson): string | number | undefined {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (v && typeof v === 'object') return scalar(v.value ?? v.amount ?? v.label ?? v.name);
  return undefined;
}

/**
 * The JSON a state script holds: a JSON script's body, the argument of `JSON.parse("…")`, or the
 * object literal assigned to a `window` variable (`window.__INITIAL_STATE__ = {…}`).
 */
function scriptState(script: ListingElement): unknown {
  const body = script.textContent ?? '';
  if (body.length > 5_000_000) return undefined;
  const type = script.getAttribute('type') ?? '';
  if (type === 'application/json' || script.getAttribute('id') === '__NEXT_DATA__') return parseJson(body);
  if (type && !/javascript|module/i.test(type)) return undefined;
  const call = body.indexOf('JSON.parse(');
  if (call >= 0) {
    const literal = body.slice(call + 'JSON.parse('.length, body.lastIndexOf(')')).trim();
    const inner = parseJson(literal);
    return typeof inner === 'string' ? parseJson(inner) : inner;
  }
  const assign =
    /(?:window\.|window\[["'])?(?:__[A-Z_]+__|initialData|initialState|INITIAL_STATE|preloadedState)["']?\]?\s{0,3}=\s{0,3}\{/.exec(
      body.slice(0, 2000),
    );
  if (!assign) return undefined;
  const start = assign.index + assign[0].length - 1;
  return parseJson(body.slice(start, body.lastIndexOf('}') + 1));
}

/** Fields of the best listing object of the page's embedded JSON (Next.js, Nuxt, a state script). */
export function embeddedJsonInto(d: Draft, doc: ListingDocument): void {
  for (const script of doc.querySelectorAll('script:not([src])')) {
    if ((script.getAttribute('type') ?? '') === 'application/ld+json') continue;
    const ad = bestListingObject(scriptState(script));
    if (!ad) continue;
    const origin = script.getAttribute('id') === '__NEXT_DATA__' ? ('next-data' as const) : ('embedded-json' as const);
    const get = (field: string) => {
      for (const k of KEYS[field] ?? []) {
        const v = scalar(ad[k]);
        if (v !== undefined && v !== '') return v;
      }
      // Nested places: `location.city`, `address.zipCode`.
      for (const holder of [ad.location, ad.address, ad.place]) {
        if (!holder || typeof holder !== 'object') continue;
        for (const k of KEYS[field] ?? []) {
          const v = scalar(holder[k]);
          if (v !== undefined && v !== '') return v;
        }
      }
      return undefined;
    };
    const num = (field: string) => {
      const v = get(field);
      return typeof v === 'number' ? v : frenchNumber(String(v ?? '').replace(/\s*(?:€|m²|m2)$/, ''));
    };
    d.set('title', get('title') as string | undefined, origin);
    const t = String(get('transaction') ?? '');
    d.set('transaction', RENT_VALUES.test(t) ? 'location' : SALE_VALUES.test(t) ? 'vente' : undefined, origin);
    d.set('price', num('price'), origin);
    d.set('surface', num('surface'), origin);
    d.set('rooms', num('rooms'), origin);
    d.set('bedrooms', num('bedrooms'), origin);
    d.set('postcode', String(get('postcode') ?? '') || undefined, origin);
    const city = get('city');
    d.set('city', typeof city === 'string' ? city : undefined, origin);
    d.set('dpeClass', energyClass(String(get('dpeClass') ?? '')), origin);
    d.set('gesClass', energyClass(String(get('gesClass') ?? '')), origin);
  }
}

function meta(doc: ListingDocument, name: string): string | undefined {
  const el = doc.querySelector(`meta[property="${name}"], meta[name="${name}"]`);
  const v = el?.getAttribute('content')?.trim();
  return v ? v : undefined;
}

/** OpenGraph and meta tags: a title and description that state the facts, the canonical URL, a photo. */
export function metaInto(d: Draft, doc: ListingDocument): void {
  const title = meta(doc, 'og:title') ?? meta(doc, 'twitter:title') ?? text(doc.querySelector('title'));
  const description = meta(doc, 'og:description') ?? meta(doc, 'description');
  const both = [title, description].filter(Boolean).join('\n');
  const facts = factsFromText(both);
  d.set('title', title, 'meta');
  d.set('price', frenchNumber(meta(doc, 'product:price:amount') ?? meta(doc, 'og:price:amount')), 'meta');
  d.setFacts({ ...facts, transaction: rentByPriceWording(both) ? 'location' : transactionOf(both) }, 'meta');
  d.set('url', meta(doc, 'og:url'), 'meta');
  const image = meta(doc, 'og:image');
  d.set('photos', image?.startsWith('http') ? [image] : undefined, 'meta');
}

/** schema.org microdata (`itemscope itemtype=…/Offer|Apartment|House`), read like its JSON-LD. */
export function microdataInto(d: Draft, doc: ListingDocument): void {
  const scope = [...doc.querySelectorAll('[itemscope][itemtype]')].find((el) =>
    /schema\.org\/(?:Offer|Product|Residence|Apartment|House|SingleFamilyResidence|RealEstateListing)$/.test(
      el.getAttribute('itemtype') ?? '',
    ),
  );
  if (!scope) return;
  const prop = (name: string) => {
    const el = scope.querySelector(`[itemprop="${name}"]`);
    return el?.getAttribute('content') ?? el?.getAttribute('href') ?? text(el);
  };
  const type = (scope.getAttribute('itemtype') ?? '').split('/').at(-1) ?? '';
  schemaInto(
    d,
    {
      '@type': type,
      name: prop('name'),
      description: prop('description'),
      offers: { price: prop('price'), priceSpecification: { unitText: prop('unitText') } },
      floorSize: prop('floorSize'),
      numberOfRooms: prop('numberOfRooms'),
      numberOfBedrooms: prop('numberOfBedrooms'),
      address: { postalCode: prop('postalCode'), addressLocality: prop('addressLocality') },
    },
    'microdata',
  );
}

const SKIPPED = /^(?:SCRIPT|STYLE|NOSCRIPT|TEMPLATE|SVG|NAV|HEADER|FOOTER|SELECT|BUTTON)$/i;
const BLOCKS = /^(?:DIV|P|LI|UL|OL|DL|DT|DD|H[1-6]|TR|TD|TH|TABLE|SECTION|ARTICLE|ASIDE|MAIN|BR|HR|FORM|FIGURE|FIGCAPTION)$/i;

/**
 * The text a person reads of a page (scripts, styles, menus excluded), cut to the reading window:
 * blocks on their own lines, inline elements kept on their line (« 185 000&nbsp;€ », « m<sup>2</sup> »)
 * with a space between a label and its value set in two spans.
 */
export function visibleText(doc: ListingDocument): string {
  const body = doc.querySelector('main') ?? doc.querySelector('body') ?? doc.querySelector('html');
  if (!body) return '';
  let out = '';
  type Node = ListingElement & { nodeType: number; tagName?: string; childNodes?: ArrayLike<Node> };
  const walk = (el: Node) => {
    for (const node of Array.from(el.childNodes ?? [])) {
      if (out.length > TEXT_WINDOW) return;
      if (node.nodeType === 3) out += (node.textContent ?? '').replace(/[ \t\r\n]+/g, ' ');
      else if (node.nodeType === 1 && !SKIPPED.test(node.tagName ?? '')) {
        const block = BLOCKS.test(node.tagName ?? '');
        const tag = (node.tagName ?? '').toUpperCase();
        out += block ? '\n' : tag === 'SUP' || tag === 'SUB' ? '' : ' ';
        walk(node);
        out += block ? '\n' : tag === 'SUP' || tag === 'SUB' ? '' : ' ';
      }
    }
  };
  walk(body as Node);
  return out
    .split('\n')
    .map((l) => l.replace(/ {2,}/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Labelled text of the page: « Surface 45 m² », « 3 pièces », « Classe énergie D », « 1 250 € CC/mois ». */
export function labelledTextInto(d: Draft, doc: ListingDocument): void {
  const t = visibleText(doc);
  if (!t) return;
  const facts = factsFromText(t);
  // A page's visible text names both sales and rents in its menus: only its price wording tells.
  d.setFacts({ ...facts, transaction: rentByPriceWording(t) ? 'location' : undefined }, 'text');
}

/** The page's heading: its title, and its wording of sale or rent (« Vente appartement… »). */
function headingInto(d: Draft, doc: ListingDocument): void {
  const h1 = text(doc.querySelector('h1'));
  d.set('title', h1, 'dom');
  d.set('transaction', rentByPriceWording(h1) ? 'location' : transactionOf(h1), 'dom');
}

/** The generic layers, in order, into a draft a portal reader may already have filled. */
export function genericInto(d: Draft, doc: ListingDocument, url?: string): Draft {
  d.set('url', url, 'url');
  d.set('transaction', transactionOfUrl(url), 'url');
  jsonLdInto(d, doc);
  embeddedJsonInto(d, doc);
  headingInto(d, doc);
  metaInto(d, doc);
  microdataInto(d, doc);
  labelledTextInto(d, doc);
  return d;
}

/** Elements a card can be: any block, since layouts name their cards anyhow (« c-pa-list », « item_list »). */
const CARD_SELECTOR = 'article, li, div, section';

/**
 * A results page of a layout no reader knows: its JSON-LD `ItemList`, else its repeated cards, each
 * the innermost element stating a price in € and a surface in m² (several such cards make a list).
 */
export function genericCards(doc: ListingDocument, portal: Draft['portal']): Draft[] {
  const fromLd = jsonLdCards(doc, portal);
  if (fromLd.length > 1) return fromLd;
  const candidates = [...doc.querySelectorAll(CARD_SELECTOR)].filter((el) => {
    const t = el.textContent ?? '';
    return t.length < 3000 && /\d\s?€|€\s?\d/.test(t) && /m(?:²|2)/.test(t);
  });
  const innermost = candidates.filter((el) => !candidates.some((other) => other !== el && contains(el, other)));
  if (innermost.length < 2) return [];
  // A card's price and surface may sit in a part of it: the card is the largest ancestor holding no other.
  const cards = innermost.map((el) => {
    let card = el;
    for (let up = parentOf(card); up && up.textContent && up.textContent.length < 3000; up = parentOf(up)) {
      if (innermost.some((other) => other !== el && contains(up as ListingElement, other))) break;
      card = up;
    }
    return card;
  });
  return cards.map((card) => {
    const d = new ListingDraft(portal);
    const t = text(card) ?? '';
    d.setFacts({ ...factsFromText(t), transaction: rentByPriceWording(t) ? 'location' : transactionOf(t) }, 'dom');
    const link = card.querySelector('a[href]')?.getAttribute('href');
    d.set('url', link?.startsWith('http') ? link : undefined, 'dom');
    d.set('title', text(card.querySelector('h2, h3, [class*="title" i]')), 'dom');
    d.set('transaction', transactionOfUrl(link?.startsWith('http') ? link : undefined), 'url');
    return d;
  });
}

function parentOf(el: ListingElement): ListingElement | null {
  const p = (el as unknown as { parentElement?: ListingElement | null }).parentElement;
  return p ?? null;
}

function contains(outer: ListingElement, inner: ListingElement): boolean {
  const o = outer as unknown as { contains?: (n: unknown) => boolean };
  return typeof o.contains === 'function' ? o.contains(inner) : false;
}

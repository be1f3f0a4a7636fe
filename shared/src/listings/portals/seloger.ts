/**
 * SeLoger (and Logic-Immo, same platform since 2025): the ad page serialises its state as
 * `window["__UFRN_LIFECYCLE_SERVERREQUEST__"]=JSON.parse("…")`; search cards and the 2017 details
 * API are read from their strings.
 */
import type { Portal } from '../contracts.js';
import { type ListingDocument, type ListingElement, text } from '../dom.js';
import { ListingDraft, type PortalJson } from '../draft.js';
import { energyClass, factsFromText, frenchDate, frenchNumber, propertyTypeOf, transactionOf } from '../text.logic.js';

const STATE_KEY = '__UFRN_LIFECYCLE_SERVERREQUEST__';

/** The argument of `JSON.parse(…)`: a JS string literal, or raw JSON when a capture lost its escaping. */
function parseStateLiteral(literal: string): unknown {
  try {
    const inner = JSON.parse(literal);
    return typeof inner === 'string' ? JSON.parse(inner) : inner;
  } catch {
    try {
      return JSON.parse(literal.slice(1, -1));
    } catch {
      return undefined;
    }
  }
}

function classified(doc: ListingDocument): Record<string, PortalJson> | undefined {
  for (const script of doc.querySelectorAll('script')) {
    const body = script.textContent ?? '';
    const at = body.indexOf(STATE_KEY);
    if (at < 0) continue;
    const open = body.indexOf('JSON.parse(', at) + 'JSON.parse('.length;
    const close = body.lastIndexOf(')');
    const state = parseStateLiteral(body.slice(open, close).trim()) as Record<string, { data?: { classified?: unknown } }> | undefined;
    if (!state) return undefined;
    for (const app of Object.values(state)) if (app?.data?.classified) return app.data.classified as Record<string, PortalJson>;
  }
  return undefined;
}

const PROPERTY_TYPES: Record<string, 'appartement' | 'maison' | 'terrain' | 'parking' | 'local' | 'immeuble'> = {
  APARTMENT: 'appartement',
  HOUSE: 'maison',
  PLOT: 'terrain',
  PARKING: 'parking',
  BUILDING: 'immeuble',
};

/**
 * Sale or rent of a SeLoger ad: `rawData.distributionType` when the state has it; current rental
 * pages lack it, and say it in the price block (`type: "RENT"`, « /mois »), the title (« à louer »)
 * and the search they come back to (`distributionTypes=Rent`).
 */
function selogerTransaction(c: Record<string, PortalJson>): 'vente' | 'location' | undefined {
  const s = c.sections ?? {};
  const kinds = [
    c.rawData?.distributionType,
    s.price?.base?.type,
    /distributionTypes=(\w+)/.exec(String(c.defaultBackToSearch ?? ''))?.[1],
  ];
  for (const kind of kinds.map((k) => String(k ?? '').toUpperCase())) {
    if (kind === 'RENT') return 'location';
    if (kind === 'BUY' || kind === 'SALE') return 'vente';
  }
  if (/\/mois/.test(String(s.hardFacts?.price?.modifiers ?? s.hardFacts?.price?.formatted ?? ''))) return 'location';
  return transactionOf(s.hardFacts?.title);
}

export function selogerPage(doc: ListingDocument, url?: string): ListingDraft[] {
  const c = classified(doc);
  if (!c) return [];
  const o = 'embedded-json' as const;
  const d = new ListingDraft(c.brand === 'logicimmo' ? 'logicimmo' : 'seloger');
  const s = c.sections ?? {};
  d.set('url', url, 'url');
  d.set('portalId', c.metadata?.legacyId ?? c.id, o);
  d.set('transaction', selogerTransaction(c), o);
  d.set('propertyType', PROPERTY_TYPES[c.rawData?.propertyType] ?? propertyTypeOf(s.hardFacts?.title), o);
  d.set('title', s.description?.headline ?? s.hardFacts?.title, o);
  d.set('price', frenchNumber(s.hardFacts?.price?.ariaLabel?.replace('€', '')) ?? factsFromText(s.hardFacts?.price?.value ?? '').price, o);
  for (const fact of s.hardFacts?.facts ?? []) {
    const value = String(fact.value ?? '');
    if (fact.type === 'livingSpace') d.set('surface', factsFromText(value).surface, o);
    if (fact.type === 'numberOfRooms') d.set('rooms', frenchNumber(fact.splitValue), o);
    if (fact.type === 'numberOfBedrooms') d.set('bedrooms', frenchNumber(fact.splitValue), o);
    if (fact.type === 'numberOfFloors') d.set('floor', factsFromText(value).floor, o);
    if (fact.type === 'plotSize' || fact.type === 'landSize') d.set('landArea', factsFromText(value).surface, o);
  }
  for (const certificate of s.energy?.certificates ?? []) {
    for (const scale of certificate.scales ?? []) {
      const isGes = /GES|gaz/i.test(String(scale.name ?? ''));
      const letter = energyClass(scale.efficiencyClass?.rating);
      const facts = factsFromText((scale.values ?? []).map((v: { value?: string }) => v.value ?? '').join(' '));
      if (isGes) {
        d.set('gesClass', letter, o);
        d.set('gesValue', facts.gesValue, o);
      } else {
        d.set('dpeClass', letter, o);
        d.set('dpeValue', facts.dpeValue, o);
        d.set('gesValue', facts.gesValue, o);
      }
    }
  }
  const address = s.location?.address ?? {};
  d.set('postcode', address.zipCode, o);
  d.set('city', address.city, o);
  d.set('district', address.district, o);
  const point = s.location?.geometry?.coordinates;
  if (Array.isArray(point)) {
    d.set('lon', point[0], o);
    d.set('lat', point[1], o);
  }
  d.set('description', s.description?.description, o);
  d.set('photos', (s.gallery?.images ?? []).map((i: { url?: string }) => i.url).filter(Boolean), o);
  const card = c.contactSections?.contactCard;
  if (card) d.set('seller', card.isPrivateOwner ? 'particulier' : 'professionnel', o);
  d.set('publishedAt', frenchDate(c.metadata?.creationDate), o);
  d.set('updatedAt', frenchDate(c.metadata?.updateDate), o);
  return [d];
}

/**
 * A Logic-Immo / SeLoger search page after JavaScript: one card per `serp-core-classified-card`;
 * the covering link's title sums the card up (« Appartement à vendre - neuf - Toulon - 238 000 € -
 * 3 pièces, 2 chambres, 66 m², 2ème étage ») and the first photo's alt ends with « Toulon 83100 ».
 */
export function serpCards(doc: ListingDocument, portal: Portal): ListingDraft[] {
  return [...doc.querySelectorAll('[data-testid="serp-core-classified-card-testid"]')].map((card: ListingElement) => {
    const d = new ListingDraft(portal);
    d.set('portalId', card.getAttribute('id')?.replace('classified-card-', ''), 'dom');
    const summary = card.querySelector('[data-testid="card-mfe-covering-link-testid"]')?.getAttribute('title') ?? '';
    const alt = card.querySelector('[aria-roledescription="slide"] img[alt]')?.getAttribute('alt') ?? '';
    // The innermost element naming « Quartier, Ville (NNNNN) » and nothing else, read before the
    // photo's caption, whose words before the postcode run the district into the town.
    for (const div of [...card.querySelectorAll('div, span, p')].reverse()) {
      const line = text(div) ?? '';
      if (line.length > 90) continue;
      const place = /^(?:([^,()]{1,50}?)\s*,\s*)?([^,()]{1,50}?)\s*\((\d{5})\)$/.exec(line);
      if (!place) continue;
      d.set('district', place[1], 'dom');
      d.set('city', place[2], 'dom');
      d.set('postcode', place[3], 'dom');
      break;
    }
    d.set('title', summary.split(' - ')[0], 'dom');
    const { city: _summaryCity, ...summaryFacts } = factsFromText(summary);
    d.setFacts(summaryFacts, 'dom');
    const { city: _altCity, ...altFacts } = factsFromText(alt);
    d.setFacts(altFacts, 'dom');
    const photos = [...card.querySelectorAll('img[src*="mms."]')].map((img) => img.getAttribute('src') ?? '').filter(Boolean);
    d.set('photos', photos, 'dom');
    const base = card.querySelector('[data-base]')?.getAttribute('data-base');
    if (base) d.set('url', decodeURIComponent(base), 'dom');
    return d;
  });
}

/** A SeLoger search card scraped as strings (dataset rows of `seloger_search-cards_*.csv`). */
export function selogerCardRow(row: Record<string, string>): ListingDraft | undefined {
  const d = new ListingDraft('seloger');
  const type = row.type_de_bien ?? '';
  if (!type && !row.prix_du_bien) return undefined;
  d.set('title', [type, row.nb_pièce, row.superficie].filter(Boolean).join(' · '), 'dataset');
  d.set('propertyType', propertyTypeOf(type), 'dataset');
  d.set('transaction', transactionOf(type), 'dataset');
  d.set('price', factsFromText(row.prix_du_bien ?? '').price, 'dataset');
  d.set('surface', factsFromText(row.superficie ?? '').surface, 'dataset');
  d.set('rooms', factsFromText(row.nb_pièce ?? '').rooms, 'dataset');
  d.set('bedrooms', factsFromText(row.nb_chambre ?? '').bedrooms, 'dataset');
  d.set('dpeClass', energyClass(row.Cat_energie), 'dataset');
  const place = /^(?:(.+?),\s*)?(.+?)\s*\((\d{5})\)$/.exec((row.quartier ?? '').trim());
  if (place) {
    d.set('district', place[1], 'dataset');
    d.set('city', place[2], 'dataset');
    d.set('postcode', place[3], 'dataset');
  }
  return d.isEmpty ? undefined : d;
}

/** A SeLoger Neuf programme card (`selogerneuf_search-cards_*.csv`). */
export function selogerNeufRow(row: Record<string, string>): ListingDraft | undefined {
  if (!row.titre && !row.prix) return undefined;
  const d = new ListingDraft('seloger-neuf');
  d.set('url', row.url, 'dataset');
  d.set('portalId', /\/(\d{6,})\//.exec(row.url ?? '')?.[1], 'dataset');
  d.set('title', row.titre, 'dataset');
  d.set('propertyType', propertyTypeOf(row.type || row.titre), 'dataset');
  d.set('transaction', transactionOf(row.type || row.titre), 'dataset');
  d.set('price', factsFromText(row.prix ?? '').price, 'dataset');
  d.set('surface', factsFromText(row.surface ?? '').surface, 'dataset');
  d.set('rooms', factsFromText(row.titre ?? '').rooms, 'dataset');
  const place = /^(?:(.+?)\s*,\s*)?(.+?)\s*\((\d{5})\)$/.exec((row.quartier ?? '').trim());
  if (place) {
    d.set('district', place[1], 'dataset');
    d.set('city', place[2], 'dataset');
    d.set('postcode', place[3], 'dataset');
  }
  return d;
}

/** The 2017 ad-details API (`descriptif`, `categories[].criteria[]`, `infos_acquereur`). */
export function selogerLegacyApi(json: Record<string, PortalJson>): ListingDraft {
  const d = new ListingDraft('seloger');
  d.set('description', json.descriptif, 'api');
  const criteria = (json.categories ?? [])
    .flatMap((c: { criteria?: { value?: string }[] }) => c.criteria ?? [])
    .map((c: { value?: string }) => c.value ?? '');
  for (const value of criteria) {
    const facts = factsFromText(value);
    if (/^Surface/i.test(value)) d.set('surface', facts.surface, 'api');
    if (/Pi[eè]ces?$/i.test(value)) d.set('rooms', facts.rooms, 'api');
    if (/Chambres?$/i.test(value)) d.set('bedrooms', facts.bedrooms, 'api');
  }
  d.set('price', frenchNumber(json.infos_acquereur?.prix?.prix_hors_honoraires ?? json.infos_acquereur?.prix?.prix), 'api');
  d.set('propertyType', propertyTypeOf(json.descriptif), 'text');
  return d;
}

export function isSelogerLegacyApi(json: unknown): json is Record<string, PortalJson> {
  return typeof json === 'object' && json !== null && 'descriptif' in json && 'categories' in json;
}

/** The innerText of a SeLoger search page: one card per price line « 500 € /mois … ». */
export function selogerSearchText(pageText: string): ListingDraft[] {
  return splitCards(pageText).map((card) => {
    const d = new ListingDraft('seloger');
    d.setFacts(factsFromText(card), 'text');
    return d;
  });
}

/** Cards of a copied search page start with a DPE letter line or the price line. */
function splitCards(pageText: string): string[] {
  const lines = pageText.split('\n').map((l) => l.trim());
  const cards: string[][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\d[\d\s\u00a0\u202f]*€/.test(line)) {
      const card = /^[A-G]$/.test(lines[i - 1] ?? '') ? [`DPE ${lines[i - 1]}`] : [];
      cards.push(card);
    }
    cards.at(-1)?.push(line);
  }
  return cards.map((c) => c.join(' · ')).filter((c) => /m²/.test(c));
}

export function selogerDomText(doc: ListingDocument): string | undefined {
  return text(doc.querySelector('body'));
}

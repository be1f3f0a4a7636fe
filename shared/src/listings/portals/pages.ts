/**
 * Portals read from their rendered DOM (no usable embedded JSON in the samples): PAP, Bien'ici,
 * Le Figaro Immobilier, Orpi (plus its data-layer object), ParuVendu cards.
 */
import { type ListingDocument, type ListingElement, text, textOf } from '../dom.js';
import { ListingDraft } from '../draft.js';
import { energyClass, factsFromText, frenchDate, frenchNumber, propertyTypeOf, transactionOf } from '../text.logic.js';

function firstNumber(raw: string | undefined): number | undefined {
  return frenchNumber(/\d+(?:,\d+)?/.exec(raw ?? '')?.[0]);
}

function photos(root: ListingDocument | ListingElement, selector: string): string[] {
  const urls = [...root.querySelectorAll(selector)].map((img) => img.getAttribute('src') ?? '').filter((u) => u.startsWith('http'));
  return [...new Set(urls)];
}

export function papPage(doc: ListingDocument, url?: string): ListingDraft[] {
  const h1 = doc.querySelector('h1.item-title');
  if (!h1) return [];
  const d = new ListingDraft('pap');
  d.set('url', url, 'url');
  const price = textOf(doc, '.item-price');
  const title = text(h1)
    ?.replace(price ?? '\u0000', '')
    .trim();
  d.set('title', title, 'dom');
  d.set('price', factsFromText(price ?? '').price, 'dom');
  d.set('propertyType', propertyTypeOf(title), 'dom');
  d.set('transaction', transactionOf(title), 'dom');
  const tags = textOf(doc, '.item-tags') ?? '';
  const tagFacts = factsFromText(tags);
  d.set('rooms', tagFacts.rooms, 'dom');
  d.set('bedrooms', tagFacts.bedrooms, 'dom');
  d.set('surface', tagFacts.surface, 'dom');
  d.set('landArea', tagFacts.landArea, 'dom');
  const place = /^(.+?)\s*\((\d{5})\)/.exec(textOf(doc, '.item-description h2') ?? '');
  if (place) {
    d.set('city', place[1], 'dom');
    d.set('postcode', place[2], 'dom');
  }
  d.set('dpeClass', energyClass(textOf(doc, '.energy-indice li.active')), 'dom');
  d.set('gesClass', energyClass(textOf(doc, '.ges-indice li.active')), 'dom');
  const description = [...doc.querySelectorAll('.item-description > div, .item-description > p')].map(text).filter(Boolean).join('\n');
  d.set('description', description, 'dom');
  const reference = textOf(doc, '.item-date') ?? '';
  d.set('portalId', /Réf\.\s*:\s*([^\s/]+(?:\/[^\s/]+)?)/.exec(reference)?.[1], 'dom');
  d.set('publishedAt', frenchDate(reference.split('/').at(-1)), 'dom');
  d.set('photos', photos(doc, '.owl-carousel img, .item-photos img, a.img-liquid img'), 'dom');
  // PAP is the « particulier à particulier » site: its sellers are private by construction.
  d.set('seller', 'particulier', 'dom');
  return [d];
}

export function bieniciPage(doc: ListingDocument, url?: string): ListingDraft[] {
  const details = [...doc.querySelectorAll('.allDetails .labelInfo')].map(text).filter((t): t is string => Boolean(t));
  // A search page with an ad opened has two titles: the results' and the ad's.
  const h1 = textOf(doc, 'h1:not(.searchResultTitleContainer)');
  if (details.length === 0 || !h1) return [];
  const d = new ListingDraft('bienici');
  d.set('url', url, 'url');
  d.set('title', h1, 'dom');
  d.set('propertyType', propertyTypeOf(h1), 'dom');
  d.set('transaction', transactionOf(h1), 'dom');
  d.set('price', factsFromText(textOf(doc, '.ad-price__the-price') ?? '').price, 'dom');
  for (const line of details) {
    const facts = factsFromText(line);
    if (/^[\d,\s]+m²$/.test(line)) d.set('surface', facts.surface, 'dom');
    if (/pièces?$/.test(line)) d.set('rooms', facts.rooms, 'dom');
    if (/chambres?$/.test(line)) d.set('bedrooms', facts.bedrooms, 'dom');
    if (/étage/.test(line)) d.set('floor', facts.floor, 'dom');
    if (/^Terrain/i.test(line)) d.set('landArea', facts.landArea ?? facts.surface, 'dom');
    if (/^Publiée le/.test(line)) d.set('publishedAt', frenchDate(line), 'dom');
    if (/^Modifiée le/.test(line)) d.set('updatedAt', frenchDate(line), 'dom');
    if (/^Réf\. de l’annonce/.test(line)) d.set('portalId', line.split(':').at(-1)?.trim(), 'dom');
  }
  const place = /(\d{5})\s+([^(]+?)(?:\s*\(([^)]+)\))?$/.exec(textOf(doc, '.fullAddress') ?? h1);
  if (place) {
    d.set('postcode', place[1], 'dom');
    d.set('city', place[2], 'dom');
    d.set('district', place[3], 'dom');
  }
  d.set('dpeClass', energyClass(textOf(doc, '.dpe-line.active .dpe-line__classification')), 'dom');
  d.set('dpeValue', frenchNumber(textOf(doc, '.dpe-line.active .dpe-data .value')), 'dom');
  d.set('gesClass', energyClass(textOf(doc, '.ges-line.active .ges-line__classification')), 'dom');
  d.set('gesValue', frenchNumber(textOf(doc, '.ges-line.active .ges-data .value')?.replace('*', '')), 'dom');
  d.set('description', textOf(doc, '.descriptionContent'), 'dom');
  d.set('photos', photos(doc, 'img[src*="file.bienici.com/photo"]'), 'dom');
  const agency = doc.querySelector('.agency-overview, .contactBlock, .agencyName');
  d.set('seller', agency ? 'professionnel' : undefined, 'dom');
  return [d];
}

/**
 * The letter a scale marks with a `.pointer` element (Le Figaro's 2022 layout), not `li.active`:
 * the pointer holds the letter, or sits in the letter's item.
 */
function markedLetter(doc: ListingDocument, scales: string): ReturnType<typeof energyClass> {
  for (const scale of doc.querySelectorAll(scales)) {
    const pointer = scale.querySelector('.pointer, [class*="pointer"]');
    if (!pointer) continue;
    const own = energyClass(text(pointer)?.charAt(0));
    if (own && (text(pointer) ?? '').length <= 3) return own;
    for (const item of scale.querySelectorAll('li, [class*="letter"], [class*="item"]')) {
      if (!item.querySelector('.pointer, [class*="pointer"]')) continue;
      const letter = energyClass(/^\s*([A-G])(?![A-Za-z])/.exec(item.textContent ?? '')?.[1]);
      if (letter) return letter;
    }
  }
  return undefined;
}

export function lefigaroPage(doc: ListingDocument, url?: string): ListingDraft[] {
  const main = doc.querySelector('.classified-main-infos');
  const h1 = textOf(doc, '.classified-main-infos h1, h1');
  if (!main || !h1) return [];
  const d = new ListingDraft('lefigaro');
  d.set('url', url, 'url');
  d.set('title', h1, 'dom');
  d.set('propertyType', propertyTypeOf(h1), 'dom');
  d.set('transaction', transactionOf(h1), 'dom');
  d.set('price', factsFromText(textOf(doc, '.classified-price') ?? '').price, 'dom');
  const features = doc.querySelector('.features-list');
  for (const li of features ? features.querySelectorAll('li') : []) {
    const line = text(li) ?? '';
    const facts = factsFromText(line);
    if (/de surface/.test(line)) d.set('surface', facts.surface, 'dom');
    if (/pièces?$/.test(line)) d.set('rooms', facts.rooms, 'dom');
    if (/chambres?$/.test(line)) d.set('bedrooms', facts.bedrooms, 'dom');
    if (/terrain/i.test(line)) d.set('landArea', facts.landArea ?? facts.surface, 'dom');
    if (/étage/i.test(line)) d.set('floor', facts.floor, 'dom');
  }
  d.set('city', /à\s+(.+?)\s*\(\d{2,3}\)\s*$/.exec(h1)?.[1], 'dom');
  // The title gives the département only (« (75) »); the photos' captions give the postcode
  // (« … à Paris 6ème (75006), 3 300 € »). The agency's address, also on the page, is not the flat's.
  const caption = doc.querySelector('.classified-medias__picture img[alt]')?.getAttribute('alt') ?? '';
  d.set('postcode', /\((\d{5})\)/.exec(caption)?.[1], 'dom');
  d.set(
    'dpeClass',
    energyClass(textOf(doc, '.dpe-list li.active')) ?? markedLetter(doc, '.dpe-list, [class*="dpe"]:not([class*="ges"])'),
    'dom',
  );
  d.set(
    'gesClass',
    energyClass(textOf(doc, '.ges-list li.active, li.active[class*="ges-"]')) ?? markedLetter(doc, '.ges-list, [class*="ges"]'),
    'dom',
  );
  d.set('description', textOf(doc, '.truncated-description') ?? textOf(doc, '.classified-description'), 'dom');
  d.set('photos', photos(doc, '.classified-gallery img, .gallery img'), 'dom');
  return [d];
}

/** Orpi's data-layer object literal: one `key: "value",` per line. */
function orpiDataLayer(doc: ListingDocument): Record<string, string> {
  const values: Record<string, string> = {};
  for (const script of doc.querySelectorAll('script')) {
    const body = script.textContent ?? '';
    if (!body.includes('local_pagetype')) continue;
    for (const line of body.split(/\\n|\n/)) {
      const m = /^\s*(\w+):\s*["']([^"']*)["'],?\s*$/.exec(line);
      if (m?.[1]) values[m[1]] = m[2] ?? '';
    }
  }
  return values;
}

/** The town after the title's facts, without the reference Orpi writes beside it (« Lille Réf. Orpi : B-E203BN »). */
function orpiCity(raw: string | undefined): string | undefined {
  const town = raw
    ?.replace(/\s*R[ée]f(?:[ée]rence)?\.?\s*(?:Orpi)?\s*:.*$/i, '')
    .replace(/\s*\(?\d{5}\)?\s*$/, '')
    .trim();
  return town && town.length <= 60 && !/\d{3}|:/.test(town) ? town : undefined;
}

/** The lines of Orpi's « L'essentiel » block. */
function orpiEssentials(doc: ListingDocument): string[] {
  const heading = [...doc.querySelectorAll('h2, h3, h4, h5, h6')].find((h) => /l[’']essentiel/i.test(h.textContent ?? ''));
  const block = (heading as (ListingElement & { parentNode?: ListingElement }) | undefined)?.parentNode;
  if (!block) return [];
  return [...block.querySelectorAll('li')].map((li) => text(li) ?? '').filter((t) => t.length > 0 && t.length < 80);
}

export function orpiPage(doc: ListingDocument, url?: string): ListingDraft[] {
  const data = orpiDataLayer(doc);
  const h1 = textOf(doc, 'h1');
  if (!data.prdref && !doc.querySelector('.c-dpe')) return [];
  const d = new ListingDraft('orpi');
  const o = 'embedded-json' as const;
  d.set('url', url, 'url');
  d.set('portalId', data.prdref, o);
  d.set('title', h1, 'dom');
  d.set('transaction', data.type_transaction === 'rent' ? 'location' : data.type_transaction === 'sale' ? 'vente' : transactionOf(h1), o);
  d.set('propertyType', propertyTypeOf(data.typeBien ?? h1), o);
  d.set('price', frenchNumber(data.prdamount), o);
  // Decimals are written with a hyphen in this object (« 32-15 » m², « 48-8903347 » °).
  d.set('surface', frenchNumber(data.surfaceBien?.replace('-', ',')), o);
  d.set('landArea', frenchNumber(data.surfaceTerrain?.replace('-', ',')), o);
  d.set('rooms', frenchNumber(data.nbPieces), o);
  d.set('bedrooms', frenchNumber(data.nbChambres), o);
  d.set('floor', frenchNumber(data.etage), o);
  d.set('postcode', data.codePostal, o);
  d.set('lat', frenchNumber(data.latitude?.replace('-', ',')), o);
  d.set('lon', frenchNumber(data.longitude?.replace('-', ',')), o);
  d.set('publishedAt', frenchDate(data.dateCreation), o);
  const dpe = doc.querySelector('ul.c-dpe:not(.c-dpe--ges) .c-dpe__index--active');
  const ges = doc.querySelector('ul.c-dpe--ges .c-dpe__index--active');
  d.set('dpeClass', energyClass(text(dpe)?.charAt(0)), 'dom');
  d.set('dpeValue', factsFromText(text(dpe?.querySelector('.c-dpe__label')) ?? '').dpeValue, 'dom');
  d.set('gesClass', energyClass(text(ges)?.charAt(0)), 'dom');
  d.set('gesValue', firstNumber(text(ges?.querySelector('.c-dpe__label'))), 'dom');
  // « L'essentiel »: one fact a line (« Surface 32,15 m² », « 2 pièces », « 1 chambre »).
  for (const line of orpiEssentials(doc)) {
    const facts = factsFromText(line);
    if (/^surface/i.test(line)) d.set('surface', facts.surface, 'dom');
    if (/^terrain/i.test(line)) d.set('landArea', facts.landArea ?? facts.surface, 'dom');
    if (/pièces?$/i.test(line)) d.set('rooms', facts.rooms, 'dom');
    if (/chambres?$/i.test(line)) d.set('bedrooms', facts.bedrooms, 'dom');
    if (/étage/i.test(line)) d.set('floor', facts.floor, 'dom');
  }
  d.set(
    'city',
    orpiCity(data.ville ?? data.localite) ?? orpiCity(textOf(doc, 'h1 span')) ?? orpiCity(h1 ? /m2\s+(.+)$/.exec(h1)?.[1] : undefined),
    'dom',
  );
  // Orpi is a network of agencies: every listing is published by a professional.
  d.set('seller', 'professionnel', 'dom');
  return [d];
}

export function paruvenduCards(doc: ListingDocument): ListingDraft[] {
  return [...doc.querySelectorAll('.blocAnnonce')].map((card) => {
    const d = new ListingDraft('paruvendu');
    const link = card.querySelector('h3 a');
    const href = link?.getAttribute('href');
    d.set('url', href ? new URL(href, 'https://www.paruvendu.fr').href : undefined, 'dom');
    d.set('portalId', card.getAttribute('data-id') ?? undefined, 'dom');
    const heading = text(link) ?? '';
    d.set('title', heading, 'dom');
    d.set('propertyType', propertyTypeOf(heading), 'dom');
    d.set('transaction', href?.includes('/vente/') ? 'vente' : href?.includes('/location/') ? 'location' : undefined, 'url');
    d.set('price', factsFromText(textOf(card, '.encoded-lnk') ?? '').price, 'dom');
    const facts = factsFromText(heading);
    d.set('surface', facts.surface, 'dom');
    const tags = [...card.querySelectorAll('li, span')].map(text).filter(Boolean).join(' · ');
    const tagFacts = factsFromText(tags);
    d.set('rooms', tagFacts.rooms, 'dom');
    d.set('bedrooms', tagFacts.bedrooms, 'dom');
    d.set('city', /m(?:²|2)\s+(.+?)\s*\(\d{2}\)/.exec(heading)?.[1], 'dom');
    const dpeBadge = [...card.querySelectorAll('span')].map(text).find((t) => t && /^[A-G]$/.test(t));
    d.set('dpeClass', energyClass(dpeBadge), 'dom');
    d.set('description', textOf(card, 'p.text-sm'), 'dom');
    const pseudo = textOf(card, '.pseudoinfo');
    d.set('seller', pseudo === 'Particulier' ? 'particulier' : pseudo ? 'professionnel' : undefined, 'dom');
    const updated = [...card.querySelectorAll('p')].map(text).find((t) => t && /^\d{2}\/\d{2}\/\d{4}$/.test(t));
    d.set('updatedAt', frenchDate(updated), 'dom');
    d.set('photos', photos(card, 'img[src*="paruvendu"], img[data-src]'), 'dom');
    return d;
  });
}

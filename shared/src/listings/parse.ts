/**
 * Entry points of the listing parsers: `detectPortal(url)`, `parseListing(input)` for one ad and
 * `parseListings(input)` for pages and datasets holding several. Pure: the same code runs on the
 * server, in tests and in the browser extension.
 */

import { decodeEntities, repairText } from '../text-repair.logic.js';
import {
  type ParsedListing,
  type ParseFailure,
  type ParseInput,
  type ParseManyResult,
  type ParseResult,
  PORTAL_LABELS,
  PORTALS,
  type Portal,
} from './contracts.js';
import { htmlToDocument, type ListingDocument } from './dom.js';
import type { ListingDraft } from './draft.js';
import { ListingDraft as Draft } from './draft.js';
import { datasetKind, datasetRow, leboncoinApiAds } from './portals/datasets.js';
import { genericCards, genericInto, transactionOfUrl } from './portals/generic.js';
import { leboncoinCardText, leboncoinPage } from './portals/leboncoin.js';
import { bieniciPage, lefigaroPage, orpiPage, papPage, paruvenduCards } from './portals/pages.js';
import { isSelogerLegacyApi, selogerLegacyApi, selogerPage, selogerSearchText, serpCards } from './portals/seloger.js';
import { factsFromText, rentByPriceWording, TEXT_WINDOW, transactionOf } from './text.logic.js';

/** The portals a site address tells (« autre » never: it is chosen, not detected). */
export type DetectedPortal = Exclude<Portal, 'autre'>;

const HOSTS: [RegExp, DetectedPortal][] = [
  [/(^|\.)leboncoin\.fr$/, 'leboncoin'],
  [/(^|\.)selogerneuf\.com$/, 'seloger-neuf'],
  [/^neuf\.seloger\.com$/, 'seloger-neuf'],
  [/(^|\.)seloger\.com$/, 'seloger'],
  [/(^|\.)pap\.fr$/, 'pap'],
  [/(^|\.)bienici\.com$/, 'bienici'],
  [/(^|\.)logic-immo\.com$/, 'logicimmo'],
  [/(^|\.)paruvendu\.fr$/, 'paruvendu'],
  [/(^|\.)lefigaro\.fr$/, 'lefigaro'],
  [/(^|\.)orpi\.com$/, 'orpi'],
];

/** The portal of a listing URL, or undefined for any other site (or a string that is no URL). */
export function detectPortal(url: string | undefined): DetectedPortal | undefined {
  if (!url) return undefined;
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return HOSTS.find(([re]) => re.test(host))?.[1];
}

const PORTAL_LIST = 'leboncoin, SeLoger, PAP, Bien’ici, Logic-Immo, ParuVendu, Le Figaro Immobilier, Orpi';

export const PARSE_MESSAGES: Record<ParseFailure, string> = {
  blocked:
    'Le portail a bloqué la lecture automatique de cette page (protection anti-robot). Ouvrez l’annonce dans votre navigateur puis collez ici son texte ou son code source.',
  'unknown-portal': `Ce site n’est pas un portail d’annonces reconnu. Portails lus : ${PORTAL_LIST}. Collez le texte de l’annonce (portail «\u00a0Autre site\u00a0» pour un autre site).`,
  'not-a-listing': 'Aucune annonce lisible dans ce contenu. Collez la page d’une annonce (son adresse, son code source ou son texte).',
  empty: 'Rien à analyser : collez l’adresse, le code source ou le texte d’une annonce.',
};

function failure(reason: ParseFailure, message = PARSE_MESSAGES[reason]): { ok: false; reason: ParseFailure; message: string } {
  return { ok: false, reason, message };
}

/** An anti-bot page (DataDome, Cloudflare) names its challenge in a script or in its title. */
function blockedBy(doc: ListingDocument): string | undefined {
  const title = doc.querySelector('title')?.textContent ?? '';
  if (/just a moment|attention required/i.test(title)) return 'Cloudflare';
  for (const script of doc.querySelectorAll('script')) {
    const src = script.getAttribute('src') ?? '';
    const body = script.textContent ?? '';
    if (src.includes('captcha-delivery.com') || body.includes('captcha-delivery.com')) return 'DataDome';
    if (src.includes('challenges.cloudflare.com') || body.includes('_cf_chl_opt')) return 'Cloudflare';
  }
  return undefined;
}

/** Which portal produced a page, from markers each one's pages carry. */
function portalOfDocument(doc: ListingDocument): Portal | undefined {
  const has = (selector: string) => doc.querySelector(selector) !== null;
  const scripts = () => [...doc.querySelectorAll('script')].map((s) => s.textContent ?? '');
  if (has('script#__NEXT_DATA__') && has('link[href*="leboncoin"], a[href*="leboncoin"], meta[content*="leboncoin"]')) return 'leboncoin';
  if (scripts().some((s) => s.includes('FLUX_STATE'))) return 'leboncoin';
  if (has('[data-testid="serp-core-classified-card-testid"]'))
    return has('a[href*="logic-immo.com"], link[href*="logic-immo.com"], img[src*="logic-immo.com"]') ? 'logicimmo' : 'seloger';
  if (scripts().some((s) => s.includes('__UFRN_LIFECYCLE_SERVERREQUEST__'))) return 'seloger';
  if (has('.logo-pap')) return 'pap';
  if (has('.bienIciLogo, img[src*="file.bienici.com"]')) return 'bienici';
  if (has('.blocAnnonce')) return 'paruvendu';
  if (has('#fi-header, .classified-main-infos')) return 'lefigaro';
  if (has('.c-dpe') || scripts().some((s) => s.includes('orpi-result-transaction'))) return 'orpi';
  return undefined;
}

/** The portal's own reader: what it knows of its layouts (an empty list when it knows none of this page). */
function portalDrafts(doc: ListingDocument, portal: Portal, url?: string): ListingDraft[] {
  switch (portal) {
    case 'leboncoin':
      return leboncoinPage(doc, url);
    case 'seloger':
    case 'logicimmo': {
      const ad = selogerPage(doc, url);
      return ad.length > 0 ? ad : serpCards(doc, portal);
    }
    case 'seloger-neuf':
      return selogerPage(doc, url);
    case 'autre':
      return [];
    case 'pap':
      return papPage(doc, url);
    case 'bienici':
      return bieniciPage(doc, url);
    case 'lefigaro':
      return lefigaroPage(doc, url);
    case 'orpi':
      return orpiPage(doc, url);
    case 'paruvendu':
      return paruvenduCards(doc);
  }
}

/**
 * The layered reading of a page: the portal's reader first, then the generic layers fill what it
 * left (JSON-LD, embedded JSON, meta tags, microdata, labelled text). A page no reader knows is
 * read by the generic layers alone: as a results list when it holds several cards, else as one ad.
 */
function documentDrafts(doc: ListingDocument, portal: Portal, url?: string): ListingDraft[] {
  const own = portalDrafts(doc, portal, url);
  if (own.length > 1) return own;
  if (own.length === 1) return [genericInto(own[0] as ListingDraft, doc, url)];
  const cards = genericCards(doc, portal);
  if (cards.length > 1) return cards;
  return [genericInto(new Draft(portal), doc, url)];
}

/** A person's pasted text of one listing: title on the first line, facts read where stated. */
function textDraft(text: string, portal: Portal, url?: string): ListingDraft {
  const d = new Draft(portal);
  d.set('url', url, 'url');
  d.set('transaction', transactionOfUrl(url), 'url');
  const firstLine = text
    .slice(0, 2000)
    .split('\n')
    .find((l) => l.trim())
    ?.trim();
  if (firstLine && firstLine.length <= 160) {
    d.set('title', firstLine, 'text');
    // The title's wording (« Location appartement… ») before the rest of the text's, where menus name both.
    d.set('transaction', rentByPriceWording(firstLine) ? 'location' : transactionOf(firstLine), 'text');
  }
  d.setFacts(factsFromText(text), 'text');
  const head = text.slice(0, TEXT_WINDOW);
  if (/\bparticulier\b/i.test(head)) d.set('seller', 'particulier', 'text');
  else if (/\b(agence|professionnel|honoraires)\b/i.test(head)) d.set('seller', 'professionnel', 'text');
  // The description is kept at the size a saved listing holds.
  if (text.length > 200) d.set('description', text.trim().slice(0, 20_000), 'text');
  return d;
}

function portalInText(text: string): Portal | undefined {
  const lower = text.toLowerCase();
  if (lower.includes('selogerneuf')) return 'seloger-neuf';
  return PORTALS.find((p) => p !== 'autre' && (lower.includes(PORTAL_LABELS[p].toLowerCase()) || lower.includes(`${p}.`)));
}

function drafts(input: ParseInput): ListingDraft[] | { ok: false; reason: ParseFailure; message: string } {
  const urlPortal = detectPortal(input.url);
  if (input.url && !urlPortal && !input.portal && !input.html && !input.document && !input.text && input.json === undefined) {
    return failure('unknown-portal');
  }
  if (input.document || input.html?.trim()) {
    const doc = input.document ?? htmlToDocument(repairText(input.html ?? ''));
    const blocker = blockedBy(doc);
    if (blocker) {
      const who = urlPortal ? PORTAL_LABELS[urlPortal] : 'Le portail';
      return failure(
        'blocked',
        `${who} a bloqué la lecture automatique de cette page (protection anti-robot ${blocker}). Ouvrez l’annonce dans votre navigateur puis collez ici son texte ou son code source.`,
      );
    }
    const portal = input.portal ?? urlPortal ?? portalOfDocument(doc);
    const read = documentDrafts(doc, portal ?? 'autre', input.url);
    // A page of an unknown site that no layer could read: the person is told which portals are read.
    if (!portal && read.every((d) => d.isEmpty)) return failure('unknown-portal');
    return read;
  }
  if (input.json !== undefined) {
    const json = input.json;
    if (isSelogerLegacyApi(json)) return [selogerLegacyApi(json)];
    const lbc = leboncoinApiAds(json);
    if (lbc) return lbc;
    if (Array.isArray(json) && json.every((c) => typeof c?.text === 'string')) {
      return json.map((card) => leboncoinCardText(card));
    }
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
      const row = json as Record<string, string>;
      const kind = datasetKind(Object.keys(row));
      const draft = kind ? datasetRow(kind, row) : undefined;
      if (draft) return [draft];
    }
    return failure('not-a-listing');
  }
  const text = input.text?.trim() ? repairText(decodeEntities(input.text.trim())) : undefined;
  if (text) {
    // A text that names no portal is read for its facts: an agency's own site, a newspaper.
    const portal = input.portal ?? urlPortal ?? portalInText(text) ?? 'autre';
    if (portal === 'seloger' || portal === 'logicimmo') {
      const cards = selogerSearchText(text);
      if (cards.length > 1) return cards;
    }
    return [textDraft(text, portal, input.url)];
  }
  return failure('empty');
}

/** Every listing an input holds (a search page or dataset gives many). */
export function parseListings(input: ParseInput): ParseManyResult {
  const result = drafts(input);
  if (!Array.isArray(result)) return result;
  const listings = result.filter((d) => !d.isEmpty).map((d) => d.build());
  return listings.length > 0 ? { ok: true, listings } : failure('not-a-listing');
}

/** The one listing of an ad page or pasted ad; a results page asks for the ad itself. */
export function parseListing(input: ParseInput): ParseResult {
  const many = parseListings(input);
  if (!many.ok) return many;
  if (many.listings.length > 1) {
    return failure(
      'not-a-listing',
      `Cette page est une liste de ${many.listings.length} annonces, pas une annonce : ouvrez l’annonce voulue et collez sa page.`,
    );
  }
  return { ok: true, listing: many.listings[0] as ParsedListing };
}

/**
 * Table test over every listing sample of the shared data folder: for each file, the fields checked
 * by reading the sample (and its PROVENANCE.md) are asserted, with where they were read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ParsedListing, ParseFailure, ParseInput } from './contracts.js';
import { detectPortal, parseListing, parseListings } from './parse.js';

const LISTING_SAMPLES_DIR = fileURLToPath(new URL('../../../../shared/data/listings/', import.meta.url));

/**
 * The extension captures are JSON strings of a `<body>`; some were escaped twice upstream, leaving a
 * leading quote and literal `\n` / `"n` sequences (see PROVENANCE.md), which are whitespace to HTML.
 */
function captureHtml(raw: string): string {
  let html = JSON.parse(raw) as string;
  if (html.startsWith('"<')) html = html.slice(1);
  return html.replace(/>(?:\\[nt]|"[nt]|\s)+/g, '> ').replace(/(?:\\[nt]|"[nt]|\s)+</g, ' <');
}

function readSample(path: string): string {
  return readFileSync(LISTING_SAMPLES_DIR + path, 'utf8');
}

function csvRows(path: string): Record<string, string>[] {
  return parse(readSample(path), { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true });
}

/** One parser input per sample file (CSV files: their rows are parsed one by one). */
function sampleInput(path: string): ParseInput {
  const raw = readSample(path);
  if (path.endsWith('.html')) return { html: raw };
  const json = JSON.parse(raw) as unknown;
  if (typeof json === 'string') return { html: captureHtml(raw) };
  if (
    typeof json === 'object' &&
    json !== null &&
    'result' in json &&
    typeof json.result === 'string' &&
    !json.result.trim().startsWith('[')
  ) {
    return { text: json.result, portal: path.startsWith('seloger/') ? 'seloger' : undefined };
  }
  return { json };
}

type Expect = Partial<Omit<ParsedListing, 'sources'>> & { origin?: ParsedListing['sources'][string] };
type Case =
  | { file: string; kind: 'one'; expected: Expect }
  | { file: string; kind: 'many'; count: number; index?: number; expected: Expect }
  | { file: string; kind: 'rows'; count: number; index?: number; expected: Expect }
  | { file: string; kind: 'fail'; reason: ParseFailure; message: RegExp };

const CASES: Case[] = [
  {
    file: 'leboncoin/lbc_search-page_vente_brest-29200_2025-09.html',
    kind: 'many',
    count: 35,
    expected: {
      origin: 'next-data',
      portalId: '3064027597',
      title: 'Appartement 5 pièces 102 m²',
      transaction: 'vente',
      propertyType: 'appartement',
      price: 238999,
      surface: 102,
      rooms: 5,
      bedrooms: 3,
      floor: 3,
      dpeClass: 'D',
      gesClass: 'B',
      postcode: '29200',
      city: 'Brest',
      seller: 'professionnel',
      publishedAt: '2025-09-25',
    },
  },
  {
    file: 'leboncoin/lbc_search-page_location_albi-81000_2025-09.html',
    kind: 'many',
    count: 35,
    expected: {
      origin: 'next-data',
      portalId: '3035138966',
      transaction: 'location',
      propertyType: 'appartement',
      price: 600,
      surface: 63,
      rooms: 3,
      bedrooms: 2,
      dpeClass: 'C',
      gesClass: 'C',
      postcode: '81000',
      city: 'Albi',
    },
  },
  {
    file: 'leboncoin/lbc_search-api-extract_location_le-havre-76600_2026-07.json',
    kind: 'many',
    count: 35,
    expected: {
      origin: 'api',
      portalId: '3229022454',
      title: 'Appartement 2 pièces 24 m²',
      transaction: 'location',
      price: 449,
      surface: 24,
      rooms: 2,
      bedrooms: 1,
      floor: 4,
      dpeClass: 'E',
      gesClass: 'B',
      postcode: '76600',
      city: 'Le Havre',
      publishedAt: '2026-07-07',
    },
  },
  {
    file: 'leboncoin/lbc_search-cards-innertext_location_le-havre-76600_2026-07.json',
    kind: 'many',
    count: 35,
    expected: {
      origin: 'text',
      portalId: '3245913837',
      price: 490,
      propertyType: 'appartement',
      rooms: 2,
      surface: 36,
      floor: 3,
      postcode: '76600',
      city: 'Le Havre',
      seller: 'professionnel',
    },
  },
  {
    file: 'leboncoin/lbc_ad-page_vente_sainte-maure-de-touraine-37800_2018-08_LEGACY.html',
    kind: 'one',
    expected: {
      origin: 'embedded-json',
      title: 'Belle maison lumineuse dans quartier calme',
      propertyType: 'maison',
      rooms: 8,
      surface: 205,
      price: 269000,
      postcode: '37800',
      city: 'Sainte-Maure-de-Touraine',
      dpeClass: 'C',
      gesClass: 'A',
      publishedAt: '2018-08-14',
      seller: 'particulier',
    },
  },
  {
    file: 'leboncoin/lbc_datadome-captcha-block-page_2026.html',
    kind: 'fail',
    reason: 'blocked',
    message: /anti-robot DataDome.*collez ici son texte/,
  },
  {
    file: 'seloger/seloger_ad-page-body_location_paris-75018_2025-10.json',
    kind: 'one',
    expected: {
      origin: 'embedded-json',
      portalId: '230099617',
      transaction: 'location',
      propertyType: 'appartement',
      price: 1250,
      rooms: 1,
      surface: 32,
      floor: 5,
      postcode: '75018',
      city: 'Paris 18ème',
      district: "Goutte d'Or-Château Rouge",
      seller: 'particulier',
    },
  },
  {
    file: 'seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json',
    kind: 'one',
    expected: {
      origin: 'embedded-json',
      portalId: '249918711',
      price: 1345,
      rooms: 4,
      bedrooms: 3,
      surface: 70,
      floor: 4,
      dpeClass: 'D',
      dpeValue: 190,
      gesClass: 'D',
      gesValue: 40,
      postcode: '69008',
      city: 'Lyon 8ème',
      district: 'La Plaine',
      seller: 'professionnel',
      publishedAt: '2025-09-13',
    },
  },
  {
    file: 'seloger/seloger_ad-page-body_location_lille-59000_2025-10.json',
    kind: 'one',
    expected: {
      origin: 'embedded-json',
      price: 1023,
      rooms: 4,
      bedrooms: 3,
      surface: 75.9,
      floor: 2,
      dpeClass: 'C',
      dpeValue: 60,
      gesClass: 'C',
      gesValue: 12,
      postcode: '59000',
      district: 'Lille Sud',
      seller: 'professionnel',
    },
  },
  {
    file: 'seloger/seloger_search-cards_vente_toulon-83_2026-03.csv',
    kind: 'rows',
    count: 1010,
    expected: {
      origin: 'dataset',
      dpeClass: 'E',
      price: 210000,
      propertyType: 'appartement',
      transaction: 'vente',
      rooms: 3,
      bedrooms: 2,
      surface: 60,
      city: 'Toulon',
      postcode: '83200',
    },
  },
  {
    file: 'seloger/selogerneuf_search-cards_vente_toulon-83_2026-03.csv',
    kind: 'rows',
    count: 33,
    expected: {
      origin: 'dataset',
      portal: 'seloger-neuf',
      portalId: '221869365',
      price: 945000,
      surface: 117.1,
      rooms: 4,
      district: 'Cap Brun',
      city: 'Toulon',
      postcode: '83000',
    },
  },
  {
    file: 'seloger/seloger_search-innertext_location_le-havre-76600_2026-07.json',
    kind: 'many',
    count: 34,
    index: 1,
    expected: { origin: 'text', dpeClass: 'E', price: 500, transaction: 'location', rooms: 1, surface: 19.8, floor: 0, postcode: '76600' },
  },
  {
    file: 'seloger/seloger_ad-details-api-response_2017-05_LEGACY.json',
    kind: 'one',
    expected: { origin: 'api', surface: 63, rooms: 4, bedrooms: 2, price: 205000 },
  },
  {
    file: 'pap/pap_ad-page-body_location_paris-75005_2024-07.json',
    kind: 'one',
    expected: {
      origin: 'dom',
      title: 'Location meublée appartement 2 pièces 28 m² Paris 5E (75005)',
      price: 1300,
      rooms: 2,
      bedrooms: 1,
      surface: 28,
      postcode: '75005',
      portalId: 'E65/2233',
      publishedAt: '2024-07-01',
      dpeClass: 'D',
      gesClass: 'B',
      transaction: 'location',
    },
  },
  {
    file: 'pap/pap_ad-page-body_location_villeurbanne-69100_2024-07.json',
    kind: 'one',
    expected: {
      origin: 'dom',
      price: 740,
      surface: 30,
      rooms: 2,
      postcode: '69100',
      city: 'Villeurbanne',
      portalId: 'F37/2029',
      publishedAt: '2024-06-29',
      dpeClass: 'D',
      gesClass: 'E',
    },
  },
  {
    file: 'pap/pap_ad-page-body_location_lille-59000_2024-07.json',
    kind: 'one',
    expected: {
      origin: 'dom',
      price: 880,
      surface: 50,
      rooms: 2,
      portalId: '503/927',
      publishedAt: '2024-07-01',
      dpeClass: undefined,
      gesClass: undefined,
    },
  },
  { file: 'pap/pap_cloudflare-challenge-page_2026.html', kind: 'fail', reason: 'blocked', message: /anti-robot Cloudflare/ },
  {
    file: 'pap/pap_search-extract_vente_toulon-83_2026-03.csv',
    kind: 'rows',
    count: 14,
    expected: {
      origin: 'dataset',
      portalId: '462600432',
      price: 300000,
      surface: 70,
      rooms: 3,
      postcode: '83000',
      city: 'Toulon',
      propertyType: 'appartement',
      seller: 'particulier',
    },
  },
  {
    file: 'bienici/bienici_ad-page-body_location_paris-75012_2024-07.json',
    kind: 'one',
    expected: {
      origin: 'dom',
      price: 800,
      surface: 16.2,
      rooms: 1,
      postcode: '75012',
      city: 'Paris 12e',
      district: 'Aligre - Gare de Lyon',
      dpeClass: 'D',
      dpeValue: 249,
      gesClass: 'B',
      gesValue: 7,
      floor: 3,
      publishedAt: '2022-06-07',
      updatedAt: '2022-06-20',
    },
  },
  {
    file: 'bienici/bienici_search-page-body-with-open-ad_location_lille-59000_2024-07.json',
    kind: 'one',
    expected: { origin: 'dom', price: 700, surface: 41.01, rooms: 2, postcode: '59000', city: 'Lille' },
  },
  {
    file: 'bienici/bienici_api-flattened_vente_toulon-83_2026-03_first500rows.csv',
    kind: 'rows',
    count: 500,
    expected: {
      origin: 'dataset',
      portalId: 'ag942352-517766360',
      price: 82000,
      surface: 25,
      rooms: 1,
      propertyType: 'appartement',
      dpeClass: 'E',
      postcode: '83000',
      city: 'Toulon',
      district: 'La Rode',
      floor: 2,
      seller: 'professionnel',
      publishedAt: '2026-03-10',
    },
  },
  {
    file: 'logicimmo/logicimmo_search-page_vente_toulon-83000_2025-12.html',
    kind: 'many',
    count: 25,
    expected: {
      origin: 'dom',
      portal: 'logicimmo',
      price: 238000,
      rooms: 3,
      bedrooms: 2,
      surface: 66,
      floor: 2,
      postcode: '83100',
      city: 'Toulon',
      propertyType: 'appartement',
      transaction: 'vente',
    },
  },
  {
    file: 'paruvendu/paruvendu_search-result-card_vente_bordeaux-33_2026-02.html',
    kind: 'one',
    expected: {
      origin: 'dom',
      portalId: '1288616098',
      price: 270000,
      surface: 63,
      bedrooms: 1,
      city: 'Bordeaux',
      dpeClass: 'D',
      seller: 'particulier',
      updatedAt: '2026-02-17',
      // « 2/3 pièces » with one bedroom: two rooms, a third by closing a space off.
      rooms: 2,
    },
  },
  {
    file: 'lefigaro/lefigaro_ad-page-body_location_paris-75006_2024-07.json',
    kind: 'one',
    expected: {
      origin: 'dom',
      price: 3300,
      surface: 60,
      rooms: 2,
      city: 'Paris 6ème',
      transaction: 'location',
      propertyType: 'appartement',
      postcode: '75006',
    },
  },
  {
    file: 'orpi/orpi_ad-page-body_location_paris-75017_2025-10.json',
    kind: 'one',
    expected: {
      origin: 'embedded-json',
      price: 1237,
      surface: 32.15,
      rooms: 2,
      bedrooms: 1,
      floor: 2,
      postcode: '75017',
      transaction: 'location',
      publishedAt: '2025-09-28',
    },
  },
];

function check(listing: ParsedListing, expected: Expect) {
  const { origin, ...fields } = expected;
  for (const [key, value] of Object.entries(fields)) {
    expect(listing[key as keyof ParsedListing], key).toEqual(value);
    if (value !== undefined && key !== 'portal' && origin) expect(listing.sources[key], `source of ${key}`).toBe(origin);
    if (value === undefined) expect(listing.sources[key], `no source for absent ${key}`).toBeUndefined();
  }
}

describe('listing parsers over every sample file', () => {
  it('covers every sample file of the eight portals', () => {
    const files = readdirSync(LISTING_SAMPLES_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.md'))
      .map((e) => `${e.parentPath.slice(LISTING_SAMPLES_DIR.length).replace(/\/$/, '')}/${e.name}`.replace(/^\//, ''));
    expect(files.sort()).toEqual(CASES.map((c) => c.file).sort());
  });

  it.each(CASES)('$file', (c) => {
    if (c.kind === 'rows') {
      const parsed = csvRows(c.file).map((row) => parseListings({ json: row }));
      const ok = parsed.flatMap((r) => (r.ok ? r.listings : []));
      expect(ok.length).toBe(c.count);
      check(ok[c.index ?? 0] as ParsedListing, c.expected);
      return;
    }
    const input = sampleInput(c.file);
    if (c.kind === 'fail') {
      const result = parseListing(input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toBe(c.reason);
        expect(result.message).toMatch(c.message);
      }
      return;
    }
    if (c.kind === 'one') {
      const result = parseListing(input);
      if (!result.ok) throw new Error(result.message);
      check(result.listing, c.expected);
      return;
    }
    const many = parseListings(input);
    if (!many.ok) throw new Error(many.message);
    expect(many.listings.length).toBe(c.count);
    check(many.listings[c.index ?? 0] as ParsedListing, c.expected);
    const single = parseListing(input);
    expect(single.ok).toBe(false);
  });
});

describe('detectPortal and failures', () => {
  it.each([
    ['https://www.leboncoin.fr/ad/ventes_immobilieres/3064027597', 'leboncoin'],
    ['https://www.seloger.com/annonces/achat/appartement/lyon-8eme-69/249918711.htm', 'seloger'],
    ['https://www.selogerneuf.com/annonces/neuf/programme/toulon-83/221869365/', 'seloger-neuf'],
    ['https://www.pap.fr/annonces/appartement-toulon-83000-r462600432', 'pap'],
    ['https://www.bienici.com/annonce/vente/toulon/flat/ag942352-517766360', 'bienici'],
    ['https://www.logic-immo.com/detail-vente-1.htm', 'logicimmo'],
    ['https://www.paruvendu.fr/immobilier/vente/appartement/1288616098A1KIVHAP000', 'paruvendu'],
    ['https://immobilier.lefigaro.fr/annonces/annonce-1.html', 'lefigaro'],
    ['https://www.orpi.com/annonce-location-appartement-t2-paris-17/', 'orpi'],
    ['https://www.example.com/annonce/1', undefined],
    ['pas une adresse', undefined],
  ])('%s → %s', (url, portal) => {
    expect(detectPortal(url)).toBe(portal);
  });

  it('an unknown site gives a French message, not a half-filled result', () => {
    const result = parseListing({ url: 'https://www.example.com/annonce/1' });
    expect(result).toMatchObject({ ok: false, reason: 'unknown-portal' });
    expect(parseListing({ html: '<html><body><p>Bonjour</p></body></html>' })).toMatchObject({ ok: false, reason: 'unknown-portal' });
    expect(parseListing({})).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('reads a pasted listing text for a named portal', () => {
    const result = parseListing({
      portal: 'leboncoin',
      text: 'Appartement 3 pièces 65 m²\n245 000 €\nLyon 8e (69008)\n2 chambres · 3e étage\nDPE : C · GES : A\n120 kWh/m²/an, 4 kg CO₂/m²/an\nVendeur particulier',
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.listing).toMatchObject({
      price: 245000,
      surface: 65,
      rooms: 3,
      bedrooms: 2,
      floor: 3,
      postcode: '69008',
      dpeClass: 'C',
      gesClass: 'A',
      dpeValue: 120,
      gesValue: 4,
      propertyType: 'appartement',
      seller: 'particulier',
    });
    expect(result.listing.sources.price).toBe('text');
    expect(result.listing.landArea).toBeUndefined();
  });
});

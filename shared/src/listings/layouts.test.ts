/**
 * The layouts the listing readers met on pages outside the samples (issue 36), each reproduced by a
 * small hand-written page under fixtures/: rental wording, Orpi's « L'essentiel » block and its town,
 * Logic-Immo result cards, Le Figaro's `.pointer` DPE marker, JSON-LD only, embedded JSON only, text
 * only, text encoded twice, and older layouts (leboncoin 2016, PAP 2018, SeLoger 2022, a 2019
 * results page).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedListing, ParseInput } from './contracts.js';
import { parseListing, parseListings } from './parse.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function one(input: ParseInput): ParsedListing {
  const r = parseListing(input);
  if (!r.ok) throw new Error(r.message);
  return r.listing;
}

describe('the transaction of a listing', () => {
  it('is a rent on a current SeLoger rental page whose state has no distribution type', () => {
    const l = one({
      html: fixture('seloger-rental-2025.html'),
      url: 'https://www.seloger.com/annonces/locations/appartement/lille-59/260000001.htm',
    });
    expect(l).toMatchObject({ transaction: 'location', price: 880, surface: 36, postcode: '59000' });
  });

  it('is a rent when the price says so (« € CC », « /mois », « loyer »), though the menus name sales and rents', () => {
    const l = one({ html: fixture('rental-wording.html'), portal: 'autre' });
    expect(l).toMatchObject({ transaction: 'location', price: 880, surface: 36, postcode: '59500', dpeClass: 'D' });
    expect(one({ text: 'Appartement T2 36 m²\n880 € /mois charges comprises\nLille (59000)' }).transaction).toBe('location');
    expect(one({ text: 'Studio 19 m² Le Havre 76600\n500 € CC' }).transaction).toBe('location');
  });

  it('is a rent or a sale from the listing address', () => {
    expect(one({ text: 'Appartement 2 pièces 36 m²', url: 'https://www.example.fr/location/appartement/123' }).transaction).toBe(
      'location',
    );
    expect(one({ text: 'Appartement 2 pièces 36 m²', url: 'https://www.leboncoin.fr/locations/2345.htm' }).transaction).toBe('location');
    expect(one({ text: 'Appartement 2 pièces 36 m²', url: 'https://www.example.fr/annonce-vente-appartement-2' }).transaction).toBe(
      'vente',
    );
  });

  it('stays unknown when the page does not state it, never a sale by default', () => {
    const l = one({ html: fixture('no-transaction.html'), portal: 'autre' });
    expect(l).toMatchObject({ price: 1240, surface: 62, postcode: '93140' });
    expect(l.transaction).toBeUndefined();
    expect(l.sources.transaction).toBeUndefined();
    expect(one({ text: 'Appartement 3 pièces 62 m²\nBondy (93140)\n1 240 €' }).transaction).toBeUndefined();
  });
});

describe('Orpi', () => {
  it('reads the surface in « L’essentiel » and the town without the reference beside it', () => {
    const l = one({ html: fixture('orpi-essentiel.html'), url: 'https://www.orpi.com/annonce-location-appartement-t2-lille/' });
    expect(l).toMatchObject({
      surface: 41.5,
      rooms: 2,
      bedrooms: 1,
      city: 'Lille',
      postcode: '59000',
      transaction: 'location',
      dpeClass: 'C',
    });
    expect(l.sources.surface).toBe('dom');
  });
});

describe('Logic-Immo result cards', () => {
  it('take the town and district from the card’s place line, not from the photo caption or the whole card', () => {
    const r = parseListings({ html: fixture('logicimmo-cards.html') });
    if (!r.ok) throw new Error(r.message);
    expect(r.listings.map((l) => [l.city, l.district, l.postcode])).toEqual([
      ['Toulon', 'Le Mourillon', '83000'],
      ['La Garde', 'Sainte-Marguerite', '83130'],
    ]);
    expect(r.listings[0]).toMatchObject({ price: 189000, surface: 58, rooms: 3, transaction: 'vente' });
  });
});

describe('Le Figaro Immobilier, 2022 layout', () => {
  it('reads the DPE and GES letters marked by a `.pointer` element', () => {
    const l = one({ html: fixture('lefigaro-pointer-2022.html') });
    expect(l).toMatchObject({ dpeClass: 'C', gesClass: 'B', price: 289000, surface: 68, transaction: 'vente' });
  });
});

describe('pages no portal reader knows', () => {
  it('are read from their JSON-LD alone', () => {
    const l = one({ html: fixture('jsonld-only.html') });
    expect(l).toMatchObject({ portal: 'autre', price: 315000, surface: 110, rooms: 5, bedrooms: 4, postcode: '49000', city: 'Angers' });
    expect(l).toMatchObject({ propertyType: 'maison', transaction: 'vente' });
    expect(l.sources.price).toBe('json-ld');
  });

  it('are read from their embedded JSON alone', () => {
    const l = one({ html: fixture('embedded-json-only.html') });
    expect(l).toMatchObject({ price: 690, surface: 41, rooms: 2, bedrooms: 1, dpeClass: 'E', gesClass: 'C', postcode: '31000' });
    expect(l).toMatchObject({ city: 'Toulouse', transaction: 'location' });
    expect(l.sources.surface).toBe('next-data');
  });

  it('are read from their labelled text alone', () => {
    const l = one({ text: fixture('text-only.txt') });
    expect(l).toMatchObject({ surface: 92, rooms: 4, bedrooms: 3, landArea: 210, price: 268000, postcode: '37000', city: 'Tours' });
    expect(l).toMatchObject({ dpeClass: 'E', gesClass: 'B', propertyType: 'maison', transaction: 'vente' });
  });

  it('are read from a table of labels copied as text (« Nombre de pièces : 4 », « Code postal : 37000 »)', () => {
    const l = one({ text: fixture('labelled-table.txt') });
    expect(l).toMatchObject({ surface: 92, rooms: 4, bedrooms: 3, price: 268000, postcode: '37000', city: 'Tours' });
    expect(l).toMatchObject({ dpeClass: 'E', gesClass: 'B', propertyType: 'appartement', transaction: 'vente' });
    const prose = one({ text: 'Vente maison 5 pièces 110 m² Bondy 93140. DPE : classe E, gaz à effet de serre : classe C.' });
    expect(prose).toMatchObject({ dpeClass: 'E', gesClass: 'C', postcode: '93140', city: 'Bondy' });
  });

  it('are read when their text was encoded twice, and the pasted text’s entities decoded', () => {
    const l = one({ html: fixture('double-encoded.html'), portal: 'autre' });
    expect(l).toMatchObject({ price: 212000, surface: 48, dpeClass: 'D', postcode: '35000' });
    expect(l.title).toBe('Appartement à vendre, 12 avenue de la République');
    expect(one({ text: 'Appartement 48 mÂ² â€“ Classe Ã©nergie : D\nRennes (35000)' })).toMatchObject({ surface: 48, dpeClass: 'D' });
    expect(one({ text: 'Appartement 48 m&sup2; &ndash; Classe &eacute;nergie : D' })).toMatchObject({ surface: 48, dpeClass: 'D' });
  });
});

describe('older layouts', () => {
  it('leboncoin 2014–2018: the labelled lines of the ad view', () => {
    const l = one({ html: fixture('leboncoin-2016.html'), url: 'https://www.leboncoin.fr/ventes_immobilieres/987654321.htm' });
    expect(l).toMatchObject({ price: 185000, surface: 65, rooms: 3, postcode: '35000', city: 'Rennes', dpeClass: 'C', gesClass: 'B' });
    expect(l.transaction).toBe('vente');
  });

  it('PAP 2018', () => {
    const l = one({ html: fixture('pap-2018.html'), url: 'https://www.pap.fr/annonces/appartement-grenoble-38000-r418000000' });
    expect(l).toMatchObject({
      price: 198000,
      surface: 82,
      rooms: 4,
      bedrooms: 3,
      postcode: '38000',
      city: 'Grenoble',
      transaction: 'vente',
    });
  });

  it('SeLoger 2022: the state assigned to `window["initialData"]`', () => {
    const l = one({
      html: fixture('seloger-2022.html'),
      url: 'https://www.seloger.com/annonces/achat/appartement/lyon-3eme-69/180000123.htm',
    });
    expect(l).toMatchObject({ price: 245000, surface: 67, rooms: 3, bedrooms: 2, postcode: '69003', dpeClass: 'D', transaction: 'vente' });
  });

  it('a results page of a layout no reader knows: one listing a card', () => {
    const r = parseListings({ html: fixture('results-2019.html'), url: 'https://www.seloger.com/list.htm?idtt=2' });
    if (!r.ok) throw new Error(r.message);
    expect(r.listings.map((l) => [l.price, l.surface, l.postcode, l.city])).toEqual([
      [259000, 64, '33000', 'Bordeaux'],
      [412000, 118, '33700', 'Mérignac'],
      [176000, 43, '33600', 'Pessac'],
    ]);
    expect(r.listings.map((l) => l.transaction)).toEqual(['vente', 'vente', 'vente']);
  });
});

import { describe, expect, it } from 'vitest';
import { parseListing } from './parse.js';
import { displayTown, factsFromText, townBeside } from './text.logic.js';

describe('the town of a pasted listing', () => {
  it('is read beside its postcode, in any of the usual layouts', () => {
    expect(factsFromText('Appartement 3 pièces 62 m²\nBondy (93140)\nPrix : 239 000 €')).toMatchObject({
      postcode: '93140',
      city: 'Bondy',
    });
    // ParuVendu's cards: « 2/3 pièces » is a 2-room flat that can make a 3rd.
    expect(factsFromText('Appartement 2/3 pièces 63 m² Bordeaux 33000 229 000 €')).toMatchObject({ rooms: 2, surface: 63 });
    expect(factsFromText('Appartement T2/T3 de 63 m²').rooms).toBe(2);
    expect(factsFromText('Appartement T3/4 de 80 m²').rooms).toBe(3);
    expect(factsFromText('490 € · Appartement · 2 pièces · 36 m² · Le Havre 76600 · Meublé')).toMatchObject({ city: 'Le Havre' });
    expect(factsFromText('Centre Ville, Le Havre (76600)')).toMatchObject({ city: 'Le Havre' });
    expect(townBeside('Maison à vendre 93140 Bondy', '93140')).toBe('Bondy');
    expect(townBeside('Vente Appartement Bondy (93140)', '93140')).toBe('Bondy');
    expect(townBeside('Sainte-Maure-de-Touraine 37800', '37800')).toBe('Sainte-Maure-de-Touraine');
    expect(townBeside('Villeneuve sur Lot (47300)', '47300')).toBe('Villeneuve sur Lot');
  });

  it('is not made up from the words of the listing', () => {
    expect(townBeside('à vendre (93140)', '93140')).toBeUndefined();
    expect(factsFromText('Maison 5 pièces 95 m², 329 000 €').city).toBeUndefined();
  });
});

describe('a listing of another site', () => {
  it('is read from its text when no portal is named, and from its page source when « Autre site » is chosen', () => {
    const text = 'Agence du Canal — Maison 5 pièces 95 m² à vendre\nBondy (93140)\n329 000 €\nDPE : F';
    expect(parseListing({ text })).toMatchObject({
      ok: true,
      listing: { portal: 'autre', price: 329000, surface: 95, rooms: 5, postcode: '93140', city: 'Bondy', dpeClass: 'F' },
    });
    const html = `<html><body><h1>Appartement 3 pièces</h1><p>62 m² – Bondy (93140) – 239 000 €</p></body></html>`;
    expect(parseListing({ html, portal: 'autre' })).toMatchObject({ ok: true, listing: { portal: 'autre', price: 239000, surface: 62 } });
    // A page source of an unknown site without a portal chosen: read by the generic layers.
    expect(parseListing({ html })).toMatchObject({ ok: true, listing: { portal: 'autre', price: 239000, surface: 62, postcode: '93140' } });
    // One no layer can read still names the portals read.
    expect(parseListing({ html: '<html><body><p>Bonjour</p></body></html>' })).toMatchObject({ ok: false, reason: 'unknown-portal' });
  });
});

describe('the price of a pasted listing', () => {
  it('takes no thousands group across a line break nor from the end of a longer number', () => {
    expect(factsFromText('Appartement 3 pièces 62 m²\nBondy 93140\n229 000 €')).toMatchObject({ price: 229000, postcode: '93140' });
    expect(factsFromText('Appartement 62 m² Bondy 93140 229 000 €').price).toBe(229000);
    expect(factsFromText('Appartement 62 m²\nBondy 93140\nPrix : 229 000 €').price).toBe(229000);
    // The groups of one price still join with any space, the no-break ones and the dot (PAP).
    expect(factsFromText('1 345 € par mois').price).toBe(1345);
    expect(factsFromText('1\u202f229\u00a0000 €').price).toBe(1229000);
    expect(factsFromText('Prix 1.300 €').price).toBe(1300);
  });
});

describe('the GES label of a pasted listing', () => {
  it('is read from « Classe climat », the portals’ name for it since 2021', () => {
    expect(factsFromText('Classe énergie : D (190 kWh/m²/an)\nClasse climat : E (62 kg CO2/m²/an)')).toMatchObject({
      dpeClass: 'D',
      dpeValue: 190,
      gesClass: 'E',
      gesValue: 62,
    });
    expect(factsFromText('DPE : D\nGES : B').gesClass).toBe('B');
  });
});

describe('displayTown', () => {
  it('writes the ordinal of an arrondissement « 8e », as French typography does', () => {
    expect(displayTown('Lyon 8ème')).toBe('Lyon 8e');
    expect(displayTown('Paris 18eme')).toBe('Paris 18e');
    expect(displayTown('Marseille 2ÈME')).toBe('Marseille 2e');
    expect(displayTown('Paris 1er')).toBe('Paris 1er');
    expect(displayTown('Lyon 8e Arrondissement')).toBe('Lyon 8e Arrondissement');
    expect(displayTown('Bondy')).toBe('Bondy');
  });
});

import type { ListingAnalysis } from '@immoloupe/shared/extension/contracts';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import type { RentReference } from '@immoloupe/shared/rents/contracts';
import { propertyRent } from '@immoloupe/shared/rents/rents.logic';
import { describe, expect, it } from 'vitest';
import {
  badgeOf,
  localisationHeading,
  PANEL_RENT,
  PANEL_TRANSACTION_UNKNOWN,
  panelView,
  rentalBanOf,
  WRITTEN_ADDRESS_HEADING,
} from './panel.logic';

const NB = '\u00a0';
const NNB = '\u202f';
const TODAY = '2026-11-25';

const SALE: ParsedListing = {
  portal: 'seloger',
  transaction: 'vente',
  title: 'Appartement 3 pièces',
  propertyType: 'appartement',
  price: 330_000,
  surface: 60,
  rooms: 3,
  dpeClass: 'F',
  postcode: '64700',
  city: 'Hendaye',
  sources: {},
};

const ANALYSIS: ListingAnalysis = {
  commune: { insee: '64260', nom: 'Hendaye' },
  types: ['appartement'],
  period: { from: '2021-07-01', to: '2023-06-30' },
  market: { count: 42, median: 5000, q1: 4200, q3: 5800 },
  rent: null,
  localisation: { candidates: [{ label: '12 RUE DES LILAS 64700 Hendaye', score: 87, detail: 'DPE F, 59 m²' }] },
};

describe('panel view model', () => {
  it('compares the asking €/m² with the DVF median and places the price in the quartile range', () => {
    const v = panelView(SALE, ANALYSIS, TODAY);
    expect(v.heading).toBe('SeLoger · Appartement 3 pièces');
    expect(v.fields).toContainEqual({ label: 'Prix', value: `330${NNB}000${NB}€` });
    expect(v.fields).toContainEqual({ label: 'Surface', value: `60${NB}m²` });
    expect(v.fields).toContainEqual({ label: 'Localité', value: 'Hendaye (64700)' });
    expect(v.pricePerM2).toBe(`5${NNB}500${NB}€/m²`);
    expect(v.comparison).toEqual({
      headline: `5${NNB}500${NB}€/m², +10${NB}% au-dessus de la médiane`,
      tone: 'above',
      detail: `Médiane DVF à Hendaye${NB}: 5${NNB}000${NB}€/m² sur 42${NB}ventes (ventes du 01/07/2021 au 30/06/2023).`,
    });
    expect(v.estimate).toEqual({
      label: 'Estimation (quartiles DVF)',
      range: `252${NNB}000${NB}€ – 348${NNB}000${NB}€`,
      gap: `Prix demandé${NB}: +10${NB}% par rapport à l’estimation médiane de 300${NNB}000${NB}€, dans la fourchette.`,
    });
    expect(v.candidatesHeading).toBe('Localisation probable');
    expect(v.candidates).toEqual([{ label: '12 RUE DES LILAS 64700 Hendaye', score: `87${NB}%`, detail: 'DPE F, 59 m²' }]);
    expect(v.candidatesMessage).toBeNull();
    expect(v.rentalBan).toEqual({
      text: `DPE F${NB}: location interdite à partir du 01/01/2028 (loi Climat et Résilience).`,
      tone: 'above',
    });
    expect(v.missing).toEqual([]);
  });

  it('shows a likelihood under 1 % as « < 1 % », not « 0 % »', () => {
    const weak = { ...ANALYSIS, localisation: { candidates: [{ label: '3 RUE HAUTE 64700 Hendaye', score: 0.4 }] } };
    expect(panelView(SALE, weak, TODAY).candidates).toEqual([{ label: '3 RUE HAUTE 64700 Hendaye', score: `<${NB}1${NB}%` }]);
  });

  it('heads with the address the listing writes when no DPE is there, the DPE after it keeping their likelihood', () => {
    const written = {
      ...ANALYSIS,
      localisation: {
        candidates: [
          { label: '12 Rue Jules Valensaut 69008 Lyon', score: null, detail: 'Adresse écrite dans l’annonce' },
          { label: '69 Rue Bataille 69008 Lyon', score: 0.4 },
        ],
      },
    };
    const v = panelView(SALE, written, TODAY);
    expect(v.candidatesHeading).toBe(WRITTEN_ADDRESS_HEADING);
    expect(v.candidates.map((c) => c.score)).toEqual(['sans DPE', `<${NB}1${NB}%`]);
    // Behind a scored DPE, an unscored candidate does not change the heading.
    const second = {
      ...ANALYSIS,
      localisation: {
        candidates: [
          { label: '1 RUE HAUTE', score: 60 },
          { label: '2 RUE HAUTE', score: null },
        ],
      },
    };
    expect(panelView(SALE, second, TODAY).candidatesHeading).toBe('Localisation probable');
  });

  it('heads the candidates as sure as the best of them: probable, possible, uncertain', () => {
    const heading = (...scores: number[]) =>
      panelView(
        SALE,
        { ...ANALYSIS, localisation: { candidates: scores.map((score, i) => ({ label: `${i + 1} RUE HAUTE 64700 Hendaye`, score })) } },
        TODAY,
      ).candidatesHeading;
    // The SeLoger ad of Lyon 8e on /pro/extension: its best candidate is under 1 %.
    expect(heading(0.4)).toBe('Localisation incertaine');
    expect(heading(9.9, 2)).toBe('Localisation incertaine');
    expect(heading(10)).toBe('Localisation possible');
    expect(heading(12, 49.9)).toBe('Localisation possible');
    expect(heading(50, 3)).toBe('Localisation probable');
    expect(heading()).toBe('Localisation par le DPE');
    expect(panelView(SALE, { ...ANALYSIS, localisation: null }, TODAY).candidatesHeading).toBe('Localisation par le DPE');
    expect(localisationHeading(87)).toBe('Localisation probable');
  });

  it('writes an arrondissement « Lyon 8e », not as the portal does (« Lyon 8ème »)', () => {
    const lyon = panelView({ ...SALE, city: 'Lyon 8ème', postcode: '69008' }, ANALYSIS, TODAY);
    expect(lyon.fields).toContainEqual({ label: 'Localité', value: 'Lyon 8e (69008)' });
  });

  it('says level within ±5 %, below under it', () => {
    expect(panelView({ ...SALE, price: 306_000 }, ANALYSIS, TODAY).comparison).toMatchObject({ tone: 'level' });
    const cheap = panelView({ ...SALE, price: 240_000 }, ANALYSIS, TODAY);
    expect(cheap.comparison).toMatchObject({ tone: 'below', headline: `4${NNB}000${NB}€/m², -20${NB}% en dessous de la médiane` });
    expect(cheap.estimate?.gap).toContain('sous la fourchette');
  });

  it('gives a rental its rent per m² and compares it with no sale', () => {
    const v = panelView({ ...SALE, transaction: 'location', price: 1250, surface: 32 }, ANALYSIS, TODAY);
    expect(v.fields[0]).toEqual({ label: 'Loyer', value: `1${NNB}250${NB}€/mois` });
    expect(v.pricePerM2).toBe(`39,1${NB}€/m²/mois`);
    expect(v.comparison).toEqual({ headline: null, message: PANEL_RENT });
    expect(v.estimate).toBeNull();
  });

  it('compares nothing when the page does not say sale or rent, and never guesses it from the price per m²', () => {
    const pap = panelView({ ...SALE, transaction: undefined, price: 1300, surface: 28 }, ANALYSIS, TODAY);
    expect(pap.fields).toContainEqual({ label: 'Transaction', value: 'Non précisée par l’annonce' });
    expect(pap.comparison).toEqual({ headline: null, message: PANEL_TRANSACTION_UNKNOWN });
    expect(pap.pricePerM2).toBeNull();
    expect(pap.estimate).toBeNull();
    const sale = panelView({ ...SALE, transaction: undefined }, ANALYSIS, TODAY);
    expect(sale.comparison).toEqual({ headline: null, message: PANEL_TRANSACTION_UNKNOWN });
    expect(badgeOf({ ...SALE, transaction: undefined }, ANALYSIS)).toBeNull();
    expect(panelView({ ...SALE, city: '\n  Paris 17\n ', postcode: '75017' }, ANALYSIS, TODAY).fields).toContainEqual({
      label: 'Localité',
      value: 'Paris 17 (75017)',
    });
  });

  it('says what is missing instead of comparing', () => {
    const noSurface = panelView({ ...SALE, surface: undefined }, ANALYSIS, TODAY);
    expect(noSurface.missing).toEqual(['surface']);
    expect(noSurface.pricePerM2).toBeNull();
    expect(noSurface.comparison).toMatchObject({ headline: null, message: expect.stringContaining('Prix ou surface absent') });
    expect(noSurface.estimate).toBeNull();

    expect(panelView(SALE, { ...ANALYSIS, commune: null, market: null, period: null }, TODAY).comparison).toEqual({
      headline: null,
      message: 'Commune introuvable d’après l’annonce\u00a0: pas de comparaison avec les ventes DVF.',
    });
    expect(panelView(SALE, { ...ANALYSIS, market: null, period: null }, TODAY).comparison).toMatchObject({
      message:
        'Aucune vente DVF chargée pour Hendaye. L’équipe Immoloupe importe les DVF du département 64 à la demande\u00a0: demandez l’import par la page Contact.',
    });
    expect(panelView(SALE, { ...ANALYSIS, market: { count: 2, median: null, q1: null, q3: null } }, TODAY).comparison).toMatchObject({
      message: `Pas assez de ventes DVF à Hendaye (2${NB}ventes, il en faut 3) pour une médiane.`,
    });
    const noLocalisation = panelView(SALE, { ...ANALYSIS, localisation: null }, TODAY);
    expect(noLocalisation.candidates).toEqual([]);
    expect(noLocalisation.candidatesMessage).toBe('Localisation par DPE indisponible pour cette annonce.');
  });

  it('dates the rental ban of the DPE class', () => {
    expect(rentalBanOf('G', TODAY)?.text).toBe(`DPE G${NB}: location interdite depuis le 01/01/2025 (loi Climat et Résilience).`);
    expect(rentalBanOf('E', TODAY)?.text).toContain('à partir du 01/01/2034');
    expect(rentalBanOf('C', TODAY)).toEqual({
      text: `DPE C${NB}: aucune interdiction de louer prévue par la loi Climat et Résilience.`,
      tone: 'neutral',
    });
    expect(rentalBanOf(undefined, TODAY)).toBeNull();
  });

  it('badges a search card with its €/m² against the median, not a rental', () => {
    expect(badgeOf(SALE, ANALYSIS)).toEqual({ text: `5${NNB}500${NB}€/m² · +10${NB}% vs médiane DVF`, tone: 'above' });
    expect(badgeOf({ ...SALE, transaction: 'location' }, ANALYSIS)).toBeNull();
    expect(badgeOf(SALE, { ...ANALYSIS, market: null })).toBeNull();
  });

  it('compares a rental with the rent reference, keeping it apart from the DVF sales', () => {
    const lyon8: RentReference = {
      insee: '69388',
      commune: 'Lyon 8e Arrondissement',
      dwelling: 'appartement-t3-plus',
      edition: null,
      rentM2: 14.6047565484512,
      lowM2: 11.4369100535598,
      highM2: 18.6500473327703,
      predictionLevel: 'commune',
      observationsCommune: 7627,
      observationsZone: 7627,
      r2Adjusted: 0.6,
    };
    const flat = { type: 'appartement', rooms: 4, surface: 70 };
    const lyon = { ...ANALYSIS, commune: { insee: '69388', nom: 'Lyon 8e Arrondissement' }, market: null, period: null };
    const rental: ParsedListing = { ...SALE, transaction: 'location', price: 1345, surface: 70, rooms: 4, postcode: '69008', city: 'Lyon' };
    const v = panelView(rental, { ...lyon, rent: propertyRent([lyon8], flat, { askingRent: 1345 }) }, TODAY);
    expect(v.comparison).toEqual({ headline: null, message: PANEL_RENT });
    expect(v.rent).toEqual({
      heading: 'Face au loyer de référence',
      headline: `19,2${NB}€/m²/mois, 32${NB}% au-dessus du loyer de référence de la commune`,
      tone: 'above',
      detail:
        `Appartements de 3 pièces et plus à Lyon 8e Arrondissement${NB}: 14,6${NB}€/m²/mois, intervalle de 11,4 à 18,7${NB}€/m²/mois ` +
        '(Carte des loyers, édition non précisée). Loyer demandé hors de l’intervalle de prédiction de la Carte des loyers.',
    });
    const sale = panelView(
      { ...rental, transaction: 'vente', price: 300_000 },
      { ...lyon, rent: propertyRent([lyon8], flat, { value: 300_000 }) },
      TODAY,
    );
    expect(sale.rent).toMatchObject({
      heading: 'Loyer et rendement',
      headline: `Rendement brut au prix demandé${NB}: 4,1${NB}% (de 3,2${NB}% à 5,2${NB}%)`,
    });
    const none = panelView(rental, { ...lyon, rent: { reference: null, comparison: null, monthly: null, grossYield: null } }, TODAY);
    expect(none.comparison).toEqual({ headline: null, message: PANEL_RENT });
    expect(none.rent).toEqual({
      heading: 'Loyer de référence',
      headline: null,
      message:
        'Aucun loyer de référence (Carte des loyers) chargé pour Lyon 8e Arrondissement. L’équipe Immoloupe importe la Carte des loyers du département 69 à la demande\u00a0: demandez l’import par la page Contact.',
    });
    expect(panelView(rental, lyon, TODAY).rent).toBeNull();
  });
});

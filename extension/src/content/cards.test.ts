import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import { describe, expect, it } from 'vitest';
import { cardOf, comparisonKey } from './cards';

const listing = (fields: Partial<ParsedListing>): ParsedListing => ({ portal: 'leboncoin', sources: {}, ...fields });

describe('cards of a results page', () => {
  it('finds a card by the link to its ad, by its portal id, or not at all', () => {
    document.body.innerHTML = `
      <a href="/ad/ventes_immobilieres/3064027597">Appartement</a>
      <div id="classified-card-25RYEFGHDZUF"><button></button></div>
      <div class="blocAnnonce" data-id="1288616098"></div>`;
    expect(cardOf(document, listing({ url: 'https://www.leboncoin.fr/ad/ventes_immobilieres/3064027597' }))).toEqual({
      element: document.querySelector('a'),
      position: 'afterend',
    });
    expect(cardOf(document, listing({ portal: 'logicimmo', portalId: '25RYEFGHDZUF' }))?.element.id).toBe('classified-card-25RYEFGHDZUF');
    expect(cardOf(document, listing({ portal: 'paruvendu', portalId: '1288616098' }))?.position).toBe('afterbegin');
    expect(cardOf(document, listing({ url: 'https://www.leboncoin.fr/ad/ventes_immobilieres/1', portalId: '99999999' }))).toBeNull();
  });

  it('asks once per commune and type', () => {
    const a = listing({ postcode: '29200', city: 'Brest', propertyType: 'appartement', transaction: 'vente', price: 1 });
    expect(comparisonKey(a)).toBe(comparisonKey({ ...a, city: 'BREST', price: 2 }));
    expect(comparisonKey(a)).not.toBe(comparisonKey({ ...a, propertyType: 'maison' }));
  });
});

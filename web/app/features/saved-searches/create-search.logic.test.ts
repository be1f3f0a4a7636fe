import { describe, expect, it } from 'vitest';
import { queryOfForm } from './create-search.logic';

describe('queryOfForm', () => {
  it('makes the tool query from the filled fields only', () => {
    expect(queryOfForm('transactions', { insee: ' 93010 ', types: ['maison', 'appartement'], surfaceMin: '45,5', priceMax: '' })).toBe(
      'insee=93010&types=maison%2Cappartement&surfaceMin=45.5',
    );
    expect(queryOfForm('annonces', { postcode: '69008', types: ['appartement'], dpe: ['A', 'B'], maxPricePerM2: '5 200' })).toBe(
      'postcode=69008&types=appartement&dpe=A%2CB&maxPricePerM2=5200',
    );
    expect(queryOfForm('parcelles', { commune: 'Bondy', section: 'AS', unknown: 'x' })).toBe('commune=Bondy&section=AS');
  });

  it('keeps a list of codes as typed for the DPE and co-ownership zones, and leaves « ma zone » implicit', () => {
    expect(queryOfForm('dpe', { insee: '69387, 69388', classes: ['F', 'G'], yearMax: '1 975' })).toBe(
      'insee=69387%2C69388&classes=F%2CG&yearMax=1975',
    );
    expect(queryOfForm('copros', { lotsMin: '50', syndicTypes: ['benevole'] })).toBe('lotsMin=50&syndicTypes=benevole');
  });

  it('keeps lists of postcodes and commune names as typed: no decimal comma, no spaces removed inside a name', () => {
    expect(queryOfForm('annonces', { postcode: '83000, 83100, 83200' })).toBe('postcode=83000%2C83100%2C83200');
    expect(queryOfForm('parcelles', { commune: 'Le Havre', section: 'AB' })).toBe('commune=Le+Havre&section=AB');
  });
});

/** Communes merged into a commune nouvelle (INSEE's list of `@etalab/decoupage-administratif`). */
import { describe, expect, it } from 'vitest';
import { communeByCode, formerCommunes, withFormerCodes, withFormerSections } from './communes.js';

describe('former communes', () => {
  it('knows Pierrefitte-sur-Seine as part of Saint-Denis, and not as a commune of today', () => {
    expect(communeByCode('93059')).toBeUndefined();
    expect(formerCommunes().get('93059')).toMatchObject({ nom: 'Pierrefitte-sur-Seine', departement: '93', mergedInto: '93066' });
    // A chef-lieu keeps the code of its commune nouvelle: it is no former commune.
    expect(formerCommunes().has('93066')).toBe(false);
  });

  it('searches a commune nouvelle under the codes merged into it, a former commune under its own alone', () => {
    expect(withFormerCodes(['93066'])).toEqual(expect.arrayContaining(['93066', '93059']));
    expect(withFormerCodes(['93059'])).toEqual(['93059']);
    expect(withFormerCodes(['93059', '93059'])).toEqual(['93059']);
  });

  it('finds a section filed under a former commune’s prefix under the code it had before the merger', () => {
    expect(withFormerSections(['93066059AB'])).toEqual(['93066059AB', '93059000AB']);
    // Saint-Denis's own sections, and a prefix that is no commune merged into it, stay alone.
    expect(withFormerSections(['93066000AB'])).toEqual(['93066000AB']);
    expect(withFormerSections(['93010005AB'])).toEqual(['93010005AB']);
  });
});

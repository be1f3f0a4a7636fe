/** Communes merged into a commune nouvelle (INSEE's list of `@etalab/decoupage-administratif`). */
import { describe, expect, it } from 'vitest';
import { communeByCode, formerCommunes, withFormerSections, withRecordedCodes } from './communes.js';

describe('former communes', () => {
  it('knows Pierrefitte-sur-Seine as part of Saint-Denis, and not as a commune of today', () => {
    expect(communeByCode('93059')).toBeUndefined();
    expect(formerCommunes().get('93059')).toMatchObject({ nom: 'Pierrefitte-sur-Seine', departement: '93', mergedInto: '93066' });
    // A chef-lieu keeps the code of its commune nouvelle: it is no former commune.
    expect(formerCommunes().has('93066')).toBe(false);
  });

  it('searches a commune nouvelle under the codes merged into it, a former commune under its own alone', () => {
    expect(withRecordedCodes(['93066'])).toEqual(expect.arrayContaining(['93066', '93059']));
    expect(withRecordedCodes(['93059'])).toEqual(['93059']);
    expect(withRecordedCodes(['93059', '93059'])).toEqual(['93059']);
  });

  it('searches Paris, Lyon and Marseille under their arrondissements, where their data are filed', () => {
    expect(withRecordedCodes(['75056'])).toHaveLength(21);
    expect(withRecordedCodes(['75056'])).toEqual(expect.arrayContaining(['75056', '75101', '75118', '75120']));
    // Lyon's, and Saint-Rambert-l'Île-Barbe's, merged into it in 1963.
    expect(withRecordedCodes(['69123'])).toEqual(
      expect.arrayContaining(['69123', '69232', ...Array.from({ length: 9 }, (_, i) => `6938${i + 1}`)]),
    );
    expect(withRecordedCodes(['13055'])).toHaveLength(17);
    // An arrondissement stays alone.
    expect(withRecordedCodes(['75118'])).toEqual(['75118']);
  });

  it('finds a section filed under a former commune’s prefix under the code it had before the merger', () => {
    expect(withFormerSections(['93066059AB'])).toEqual(['93066059AB', '93059000AB']);
    // Saint-Denis's own sections, and a prefix that is no commune merged into it, stay alone.
    expect(withFormerSections(['93066000AB'])).toEqual(['93066000AB']);
    expect(withFormerSections(['93010005AB'])).toEqual(['93010005AB']);
  });
});

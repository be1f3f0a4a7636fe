/** Communes named by their postcodes (INSEE list of `@etalab/decoupage-administratif`), not their INSEE code. */
import { describe, expect, it } from 'vitest';
import { communeLabel, communeLabels, communeTitle, postcodesText } from './commune-label.js';

const SAINT_DENIS_93 = { insee: '93066', nom: 'Saint-Denis', codesPostaux: ['93200', '93210', '93380'] };
const SAINT_DENIS_974 = { insee: '97411', nom: 'Saint-Denis', codesPostaux: ['97400', '97417', '97490'] };

describe('commune labels', () => {
  it('joins up to three postcodes, gives the span of more', () => {
    expect(communeLabel({ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] })).toBe('Bondy (93140)');
    expect(communeLabel(SAINT_DENIS_93)).toBe('Saint-Denis (93200, 93210, 93380)');
    expect(postcodesText(['31000', '31100', '31200', '31300', '31400', '31500'])).toBe('31000 à 31500');
    expect(postcodesText(['75016', '75116', '75016'])).toBe('75016, 75116');
    expect(communeLabel({ insee: '93010', nom: 'Bondy' })).toBe('Bondy');
  });

  it('keeps the INSEE code for the tooltip, with every postcode the span leaves out', () => {
    expect(communeTitle(SAINT_DENIS_974)).toBe('Code INSEE 97411');
    const toulouse = { insee: '31555', nom: 'Toulouse', codesPostaux: ['31000', '31100', '31200', '31300', '31400', '31500'] };
    expect(communeTitle(toulouse)).toBe('Code INSEE 31555 — codes postaux 31000, 31100, 31200, 31300, 31400, 31500');
  });

  it('tells homonyms apart by their postcodes, or by their INSEE code when none is known', () => {
    expect(communeLabels([SAINT_DENIS_93, SAINT_DENIS_974]).map((o) => o.label)).toEqual([
      'Saint-Denis (93200, 93210, 93380)',
      'Saint-Denis (97400, 97417, 97490)',
    ]);
    const unknown = [
      { ...SAINT_DENIS_93, codesPostaux: [] },
      { ...SAINT_DENIS_974, codesPostaux: [] },
    ];
    expect(communeLabels(unknown).map((o) => o.label)).toEqual(['Saint-Denis — INSEE 93066', 'Saint-Denis — INSEE 97411']);
  });

  it('names a former commune by the commune nouvelle it belongs to, not by a postcode it has not', () => {
    const c = { insee: '93059', nom: 'Pierrefitte-sur-Seine', codesPostaux: [], mergedInto: { insee: '93066', nom: 'Saint-Denis' } };
    expect(communeLabel(c)).toBe('Pierrefitte-sur-Seine (avant fusion)');
    expect(communeTitle(c)).toBe('Code INSEE 93059 — fusionnée dans Saint-Denis (93066)\u00a0: ses ventes et DPE d’avant la fusion');
  });
});

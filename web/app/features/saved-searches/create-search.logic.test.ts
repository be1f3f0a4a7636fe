// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { queryOfForm, querySummary, TOOL_FIELDS } from './create-search.logic';

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

  it('takes the land filters of the parcel search, one choice each, as its page writes them', () => {
    expect(
      queryOfForm('parcelles', {
        commune: ['93010'],
        zoneType: 'U',
        prescription: '05',
        prescriptionPresent: 'non',
        coverageMax: '20',
        surfaceMin: '500',
      }),
    ).toBe('commune=93010&surfaceMin=500&zoneType=U&prescription=05&prescriptionPresent=non&coverageMax=20');
    expect(TOOL_FIELDS.parcelles.filter((f) => f.choices && !f.single).map((f) => f.key)).toEqual([]);
  });

  it('saves the communes picked as the same query as their codes typed before', () => {
    expect(queryOfForm('dpe', { insee: ['69387', '69388'], classes: ['F', 'G'] })).toBe(
      queryOfForm('dpe', { insee: '69387, 69388', classes: ['F', 'G'] }),
    );
    expect(queryOfForm('dpe', { insee: ['69387', '69388'] })).toBe('insee=69387%2C69388');
    expect(queryOfForm('transactions', { insee: ['93010'], types: ['maison'] })).toBe('insee=93010&types=maison');
    expect(queryOfForm('parcelles', { commune: ['93010'], section: 'AS' })).toBe('commune=93010&section=AS');
    expect(queryOfForm('annonces', { insee: ['69388', '69387'] })).toBe('insee=69388%2C69387');
    expect(queryOfForm('copros', { insee: [], lotsMin: '50' })).toBe('lotsMin=50');
  });
});

describe('TOOL_FIELDS', () => {
  it('asks for no INSEE code: every commune field is a commune picker, single where the tool’s page shows one', () => {
    const fields = Object.values(TOOL_FIELDS).flat();
    expect(fields.filter((f) => /INSEE/i.test(`${f.label} ${f.placeholder ?? ''}`))).toEqual([]);
    const pickers = Object.fromEntries(
      Object.entries(TOOL_FIELDS).map(([tool, list]) => [
        tool,
        list.filter((f) => f.communes).map((f) => [f.key, f.communes?.max ?? null]),
      ]),
    );
    expect(pickers).toEqual({
      transactions: [['insee', 1]],
      parcelles: [['commune', 1]],
      dpe: [['insee', null]],
      copros: [['insee', null]],
      annonces: [['insee', null]],
      permis: [['commune', 1]],
    });
    // « vide = ma zone » is said where an empty zone means it.
    expect(TOOL_FIELDS.dpe[0]?.description).toMatch(/ma zone/);
    expect(TOOL_FIELDS.copros[0]?.description).toMatch(/ma zone/);
  });
});

describe('querySummary', () => {
  const names: Record<string, string> = { '93010': 'Bondy', '93048': 'Montreuil' };
  const name = (code: string) => names[code];

  it('names each filter without the form’s « ou »', () => {
    expect(querySummary('annonces', 'insee=93010,93048&priceMax=230000', name)).toBe(
      'Communes\u00a0: Bondy, Montreuil · Prix maximal (€)\u00a0: 230\u202f000',
    );
    expect(querySummary('annonces', 'postcode=93140,93100&zone=mine', name)).toBe(
      'Codes postaux\u00a0: 93140, 93100 · Zone\u00a0: Ma zone',
    );
    expect(querySummary('parcelles', 'commune=93010&zoneType=U&prescription=05&prescriptionPresent=non&coverageMax=20', name)).toBe(
      'Commune\u00a0: Bondy · Type de zone du PLU\u00a0: U — zone urbaine · Prescription\u00a0: Emplacement réservé (05) · Présence de la prescription\u00a0: Absente · Couverture bâtie max. (%)\u00a0: 20',
    );
    expect(querySummary('dpe', 'insee=93010&postcode=69007&classes=F,G', name)).toBe(
      'Communes\u00a0: Bondy · Codes postaux\u00a0: 69007 · Classes énergie\u00a0: F, G',
    );
    for (const tool of Object.keys(TOOL_FIELDS) as (keyof typeof TOOL_FIELDS)[]) {
      const everything = TOOL_FIELDS[tool].map((f) => `${f.key}=${f.choices?.[0]?.value ?? (f.communes ? '93010' : '1')}`).join('&');
      expect(querySummary(tool, everything, name), tool).not.toMatch(/(^|· )ou /);
    }
  });
});

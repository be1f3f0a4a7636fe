import { describe, expect, it } from 'vitest';
import {
  type DpeForLocalisation,
  localisationQuerySchema,
  MAX_CANDIDATES,
  rankCandidates,
  rankWithWrittenAddress,
  scoreDpe,
  TYPED_ADDRESS_REASON,
  WRITTEN_ADDRESS_REASON,
} from './localisation.logic.js';

const dpe = (over: Partial<DpeForLocalisation>): DpeForLocalisation => ({
  numeroDpe: '2369E0000000A',
  address: '12 Rue Jules Valensaut 69008 Lyon',
  banId: null,
  dpeClass: 'C',
  gesClass: 'A',
  buildingType: 'appartement',
  surface: 65,
  conso: 121,
  emission: 3.6,
  date: '2023-05-10',
  lat: 45.73,
  lon: 4.87,
  replaces: null,
  ...over,
});

const query = localisationQuerySchema.parse({
  postcode: '69008',
  type: 'appartement',
  surface: '65',
  dpe: 'c',
  ges: 'A',
  conso: '121',
  emission: '4',
});

describe('scoreDpe', () => {
  it('scores near 100 when every listing value is within rounding of the DPE', () => {
    const s = scoreDpe(query, dpe({}));
    expect(s.score).toBeGreaterThan(99);
    expect(s.reasons).toContain('Étiquette DPE C identique');
    expect(s.reasons.join(' ')).toMatch(/Consommation 121\u00a0kWh\/m²\/an\u00a0: identique/);
  });

  it('lowers the score with the surface gap and a different class, without excluding the DPE', () => {
    const near = scoreDpe(query, dpe({ surface: 68 }));
    const far = scoreDpe(query, dpe({ surface: 80, dpeClass: 'D', conso: 150 }));
    expect(far.score).toBeGreaterThanOrEqual(0);
    expect(far.score).toBeLessThan(near.score);
    expect(near.score).toBeLessThan(scoreDpe(query, dpe({})).score);
    expect(far.reasons).toContain('Étiquette DPE D au lieu de C');
  });

  it('gives each gap its unit: %, kWh/m²/an, kg CO₂/m²/an', () => {
    const off = scoreDpe(query, dpe({ surface: 67.5, conso: 127, emission: 6 }));
    expect(off.reasons).toContain('Surface 67,5\u00a0m² (écart 3,8\u00a0%)');
    expect(off.reasons).toContain('Consommation 127\u00a0kWh/m²/an (écart 6\u00a0kWh/m²/an)');
    expect(off.reasons).toContain('Émissions 6\u00a0kg CO₂/m²/an (écart 2\u00a0kg CO₂/m²/an)');
  });
});

describe('rankCandidates', () => {
  it('puts the right address first among its neighbours, one candidate per address', () => {
    const list = rankCandidates(query, [
      dpe({ numeroDpe: 'X1', address: '3 Rue Marius Berliet 69008 Lyon', surface: 66, conso: 122.2, emission: 4.4 }),
      dpe({ numeroDpe: 'OLD', date: '2019-01-01', dpeClass: 'D', conso: 124 }),
      dpe({ numeroDpe: 'NEW' }),
      dpe({ numeroDpe: 'X2', address: '8 Avenue Paul Santy 69008 Lyon', surface: 40, dpeClass: 'E', conso: 260, emission: 12 }),
    ]);
    expect(list[0]).toMatchObject({ dpeNumber: 'NEW', address: '12 Rue Jules Valensaut 69008 Lyon' });
    expect(list[0]?.reasons).toContain('2 DPE proches à cette adresse');
    expect(new Set(list.map((c) => c.address)).size).toBe(list.length);
    // X2 is off on every value: too unlikely to be shown at all.
    expect(list.map((c) => c.dpeNumber)).toEqual(['NEW', 'X1']);
  });

  it('ranks a DPE whose kWh rounds to the listing’s above a building of flats a few kWh off', () => {
    const programme = Array.from({ length: 8 }, (_, i) =>
      dpe({ numeroDpe: `P${i}`, address: '40 Rue du Professeur Beauvisage 69008 Lyon', surface: 65, conso: 119 + (i % 2) * 4 }),
    );
    const list = rankCandidates(query, [...programme, dpe({ numeroDpe: 'EXACT', surface: 63, conso: 120.6 })]);
    expect(list.map((c) => c.dpeNumber)).toEqual(['EXACT', 'P0']);
    expect(list[1]?.reasons.join(' ')).toMatch(/Consommation 119\u00a0kWh\/m²\/an \(écart 2\u00a0kWh\/m²\/an\)/);
    expect(list[1]?.reasons).toContain('8 DPE proches à cette adresse');
    // Without the listing's own DPE, the building of near values is still found.
    expect(rankCandidates(query, programme)[0]?.address).toBe('40 Rue du Professeur Beauvisage 69008 Lyon');
  });

  it('counts a DPE and the one that replaced it as one dwelling', () => {
    const redone = [dpe({ numeroDpe: 'A1', date: '2022-01-10' }), dpe({ numeroDpe: 'A2', replaces: 'A1', date: '2023-02-01' })];
    const twoFlats = [
      dpe({ numeroDpe: 'B1', address: '5 Rue Saint-Maurice 69008 Lyon' }),
      dpe({ numeroDpe: 'B2', address: '5 Rue Saint-Maurice 69008 Lyon' }),
    ];
    const list = rankCandidates(query, [...redone, ...twoFlats]);
    expect(list.map((c) => c.dpeNumber)).toEqual(['B1', 'A2']);
    expect(list[0]?.reasons).toContain('2 DPE proches à cette adresse');
    expect(list[1]?.reasons.some((r) => r.includes('DPE proches'))).toBe(false);
  });

  it('tells apart the buildings of a street the BAN matched without their number, by the number typed in the DPE', () => {
    // Avenue Jean Mermoz, Lyon 8e: the BAN found the street of these new builds, not their numbers;
    // the server gives the number typed in the DPE as their address.
    const street = { banId: '69388_3795', typedAddress: true };
    const list = rankCandidates(query, [
      ...Array.from({ length: 6 }, (_, i) =>
        dpe({ ...street, numeroDpe: `M${i}`, address: '71 Avenue Jean Mermoz 69008 Lyon', surface: 65, conso: 124 }),
      ),
      dpe({ ...street, numeroDpe: 'EXACT', address: '35 Avenue Jean Mermoz 69008 Lyon' }),
      // No number typed either: the street is all that is known, its id the key.
      dpe({ numeroDpe: 'NONUM', banId: '69388_3795', address: 'Avenue Jean Mermoz 69008 Lyon', surface: 50 }),
      // A house number of the BAN: its address.
      dpe({ numeroDpe: 'BAN', banId: '69388_3795_00012', address: '12 Avenue Jean Mermoz 69008 Lyon', surface: 52 }),
    ]);
    expect(list.map((c) => [c.dpeNumber, c.address])).toEqual([
      ['EXACT', '35 Avenue Jean Mermoz 69008 Lyon'],
      ['M0', '71 Avenue Jean Mermoz 69008 Lyon'],
      ['BAN', '12 Avenue Jean Mermoz 69008 Lyon'],
      ['NONUM', 'Avenue Jean Mermoz 69008 Lyon'],
    ]);
    expect(list[0]?.reasons.at(-1)).toBe(TYPED_ADDRESS_REASON);
    expect(list[1]?.reasons).toContain('6 DPE proches à cette adresse');
    expect(list[2]?.reasons).not.toContain(TYPED_ADDRESS_REASON);
    expect(list[3]?.reasons).not.toContain(TYPED_ADDRESS_REASON);
    // Before: the whole avenue was one candidate, its eight DPE summed.
    expect(new Set(list.map((c) => c.address)).size).toBe(4);
  });

  it('returns at most ten candidates and skips DPE without an address', () => {
    const many = Array.from({ length: 25 }, (_, i) => dpe({ numeroDpe: `N${i}`, address: `${i} Rue Test 69008 Lyon`, surface: 60 + i }));
    const list = rankCandidates(query, [...many, dpe({ numeroDpe: 'NOADDR', address: null })]);
    expect(list).toHaveLength(MAX_CANDIDATES);
    expect(list.some((c) => c.dpeNumber === 'NOADDR')).toBe(false);
  });
});

describe('localisationQuerySchema', () => {
  it('needs a postcode or an INSEE code, and at least one value', () => {
    expect(localisationQuerySchema.safeParse({ surface: '65' }).success).toBe(false);
    expect(localisationQuerySchema.safeParse({ postcode: '69008' }).success).toBe(false);
    expect(localisationQuerySchema.safeParse({ insee: '69388', dpe: 'C' }).success).toBe(true);
    expect(localisationQuerySchema.safeParse({ postcode: '69008', dpe: 'H' }).success).toBe(false);
    expect(localisationQuerySchema.safeParse({ postcode: '69008', type: 'chateau', dpe: 'C' }).success).toBe(false);
  });
});

describe('rankWithWrittenAddress', () => {
  const written = { number: '5', street: 'Place Ambroise Courtois', label: '5 Place Ambroise Courtois' };
  const zone = [
    dpe({ numeroDpe: 'BEST' }),
    dpe({ numeroDpe: 'AT1', address: '5 Place Ambroise Courtois 69008 Lyon', surface: 90, dpeClass: 'F', lat: 45.74, lon: 4.86 }),
    dpe({ numeroDpe: 'AT2', address: '5 place ambroise courtois 69008 Lyon', surface: 64, dpeClass: 'D', lat: 45.74, lon: 4.86 }),
  ];

  it('puts the written address first with its best DPE, whatever the values rank first, and never twice', () => {
    const list = rankWithWrittenAddress(query, zone, written, null, '69008 Lyon');
    expect(list.map((c) => c.dpeNumber)).toEqual(['AT2', 'BEST']);
    expect(list[0]?.reasons[0]).toBe(WRITTEN_ADDRESS_REASON);
    expect(list[0]?.reasons).toContain('2 DPE à cette adresse');
    expect(list[0]?.score).toBe(scoreDpe(query, zone[2] as DpeForLocalisation).score);
    expect(rankCandidates(query, zone)[0]?.dpeNumber).toBe('BEST');
  });

  it('places the address by the BAN, and without a DPE there gives it alone, unscored', () => {
    const ban = { label: '5 Place Ambroise Courtois 69008 Lyon', lat: 45.7412, lon: 4.8698 };
    const withDpe = rankWithWrittenAddress(query, zone, written, ban, '69008 Lyon');
    expect(withDpe[0]).toMatchObject({ dpeNumber: 'AT2', lat: 45.7412, lon: 4.8698 });
    const alone = rankWithWrittenAddress(query, [zone[0] as DpeForLocalisation], written, ban, '69008 Lyon');
    expect(alone[0]).toEqual({
      address: '5 Place Ambroise Courtois 69008 Lyon',
      dpeNumber: null,
      score: null,
      lat: 45.7412,
      lon: 4.8698,
      reasons: [
        WRITTEN_ADDRESS_REASON,
        'Adresse trouvée dans la BAN',
        'Aucun DPE importé à cette adresse ne reprend les valeurs de l’annonce',
      ],
    });
    expect(alone.map((c) => c.dpeNumber)).toEqual([null, 'BEST']);
    const unplaced = rankWithWrittenAddress(query, [], written, null, '69008 Lyon');
    expect(unplaced[0]).toMatchObject({ address: '5 Place Ambroise Courtois 69008 Lyon', lat: null, lon: null });
  });
});

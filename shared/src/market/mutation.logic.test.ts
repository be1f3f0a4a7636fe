/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DvfLine } from './dvf.js';
import { lineFromRawDgfip } from './dvf-records.js';
import {
  composition,
  DEFAULT_BOUNDS,
  groupMutations,
  type Mutation,
  type MutationLine,
  type PlausibilityBounds,
  rawMutationKey,
  saleForStatistics,
  salesForStatistics,
} from './mutation.logic.js';

/** A line with everything empty but what the test says. */
function line(over: Partial<MutationLine>): MutationLine {
  return {
    idMutation: null,
    date: '2022-01-03',
    numeroDisposition: '000001',
    natureLabel: 'Vente',
    valeurFonciere: 200_000,
    insee: '93010',
    idParcelle: '93010000AS0167',
    codeTypeLocal: null,
    surfaceReelleBati: null,
    nombrePiecesPrincipales: null,
    lon: 2.48,
    lat: 48.9,
    ...over,
  };
}

const flat = (over: Partial<MutationLine> = {}) => line({ codeTypeLocal: 2, surfaceReelleBati: 50, nombrePiecesPrincipales: 2, ...over });
const house = (over: Partial<MutationLine> = {}) => line({ codeTypeLocal: 1, surfaceReelleBati: 100, nombrePiecesPrincipales: 4, ...over });
const dependance = (over: Partial<MutationLine> = {}) =>
  line({ codeTypeLocal: 3, surfaceReelleBati: null, nombrePiecesPrincipales: 0, ...over });
const land = (over: Partial<MutationLine> = {}) => line({ codeTypeLocal: null, ...over });

function one(lines: MutationLine[]): Mutation {
  const ms = groupMutations(lines);
  expect(ms).toHaveLength(1);
  return ms[0] as Mutation;
}

describe('mutation grouping', () => {
  it('groups geo-DVF lines by id_mutation, in file order, with distinct parcels', () => {
    const ms = groupMutations([
      flat({ idMutation: '2019-1', idParcelle: 'P1' }),
      flat({ idMutation: '2019-2', idParcelle: 'P2' }),
      dependance({ idMutation: '2019-1', idParcelle: 'P1' }),
      land({ idMutation: '2019-1', idParcelle: 'P3' }),
    ]);
    expect(ms.map((m) => [m.key, m.lines.length, m.parcelles])).toEqual([
      ['2019-1', 3, ['P1', 'P3']],
      ['2019-2', 1, ['P2']],
    ]);
  });

  it('groups raw DGFiP lines on date + price + disposition + commune', () => {
    expect(rawMutationKey({ date: '2022-01-03', valeurFonciere: 188_000, numeroDisposition: '000001', insee: '93010' })).toBe(
      '2022-01-03|188000|1|93010',
    );
    const ms = groupMutations([
      flat({ valeurFonciere: 188_000, numeroDisposition: '000001' }),
      dependance({ valeurFonciere: 188_000, numeroDisposition: '1' }),
      // Another price, another disposition, another day, another commune: four other deeds.
      flat({ valeurFonciere: 188_001 }),
      flat({ valeurFonciere: 188_000, numeroDisposition: '000002' }),
      flat({ valeurFonciere: 188_000, date: '2022-01-04' }),
      flat({ valeurFonciere: 188_000, insee: '93048' }),
    ]);
    expect(ms.map((m) => m.lines.length)).toEqual([2, 1, 1, 1, 1]);
  });

  it('reads the Bondy raw file: 139 avenue Carnot (AS 167) is one sale of a 54 m² flat with two dependencies', () => {
    const text = readFileSync(new URL('../../../../shared/data/dvf/valeursfoncieres-2022_93010_bondy.txt', import.meta.url), 'utf8');
    const [header, ...rows] = text.split(/\r?\n/).filter((l) => l !== '');
    const names = (header as string).split('|');
    const lines: DvfLine[] = rows.map((row) => {
      const cells = row.split('|');
      return lineFromRawDgfip(Object.fromEntries(names.map((n, i) => [n, cells[i]])));
    });
    const carnot = groupMutations(lines).filter((m) => m.parcelles.includes('93010000AS0167') && m.date === '2022-01-03');
    expect(carnot).toHaveLength(1);
    const m = carnot[0] as Mutation;
    expect(m.lines).toHaveLength(3);
    expect(m.valeurFonciere).toBe(188_000);
    const verdict = saleForStatistics(m);
    expect(verdict.ok && verdict.sale).toMatchObject({ type: 'appartement', surface: 54, rooms: 3, price: 188_000 });
    // 188 000 / 54 = 3 481.481481…
    expect(verdict.ok && verdict.sale.pricePerM2).toBeCloseTo(3481.481481, 5);
  });
});

describe('single-property selection', () => {
  it('keeps one local repeated on several land-use lines as one local', () => {
    const m = one([house({ idMutation: 'M' }), house({ idMutation: 'M' }), land({ idMutation: 'M' })]);
    const c = composition(m);
    expect(c.kind).toBe('single');
    expect(c.kind === 'single' && c.local).toMatchObject({ type: 'maison', surface: 100, rooms: 4 });
  });

  it('does not count dependencies or land: a flat with a cellar and a parking space is a single property', () => {
    const m = one([dependance({ idMutation: 'M' }), flat({ idMutation: 'M' }), dependance({ idMutation: 'M' })]);
    expect(composition(m).kind).toBe('single');
    const v = saleForStatistics(m);
    expect(v.ok && v.sale.pricePerM2).toBe(4000); // 200 000 / 50
  });

  it('drops two flats sold together (multi-dwelling) and a house with a shop (mixed)', () => {
    const twoFlats = one([flat({ idMutation: 'M' }), flat({ idMutation: 'M', surfaceReelleBati: 30, nombrePiecesPrincipales: 1 })]);
    expect(composition(twoFlats)).toMatchObject({ kind: 'several', mixed: false });
    expect(saleForStatistics(twoFlats)).toEqual({ ok: false, reason: 'several-locals' });
    const mixed = one([house({ idMutation: 'M' }), line({ idMutation: 'M', codeTypeLocal: 4, surfaceReelleBati: 40 })]);
    expect(composition(mixed)).toMatchObject({ kind: 'several', mixed: true });
    expect(saleForStatistics(mixed)).toEqual({ ok: false, reason: 'several-locals' });
  });

  it('drops a mutation of dependencies or land only', () => {
    expect(saleForStatistics(one([dependance({ idMutation: 'M' }), land({ idMutation: 'M' })]))).toEqual({ ok: false, reason: 'no-local' });
  });

  it('keeps a house spread over two parcels, located on the parcel of its building', () => {
    const m = one([
      land({ idMutation: 'M', idParcelle: 'A', lon: 1, lat: 40, valeurFonciere: 300_000 }),
      house({ idMutation: 'M', idParcelle: 'B', lon: 2, lat: 41, valeurFonciere: 300_000 }),
      land({ idMutation: 'M', idParcelle: 'C', lon: 3, lat: 42, valeurFonciere: 300_000 }),
    ]);
    expect(m.parcelles).toEqual(['A', 'B', 'C']);
    const v = saleForStatistics(m);
    expect(v.ok && v.sale).toMatchObject({ idParcelle: 'B', lon: 2, lat: 41, price: 300_000, pricePerM2: 3000 });
  });

  it('keeps the three natures of sale and excludes the others', () => {
    const verdict = (natureLabel: string) => saleForStatistics(one([flat({ natureLabel })])).ok;
    expect(verdict('Vente')).toBe(true);
    expect(verdict('Vente en l’état futur d’achèvement')).toBe(true);
    expect(verdict("Vente en l'état futur d'achèvement")).toBe(true);
    expect(verdict('Adjudication')).toBe(true);
    expect(verdict('Echange')).toBe(false);
    expect(verdict('Échange')).toBe(false);
    expect(verdict('Expropriation')).toBe(false);
    expect(verdict('Vente terrain à bâtir')).toBe(false);
  });
});

describe('price, surface and plausibility bounds', () => {
  const reason = (l: MutationLine, bounds?: PlausibilityBounds) => {
    const v = saleForStatistics(one([l]), bounds);
    return v.ok ? 'ok' : v.reason;
  };

  it('drops a missing or zero price or surface', () => {
    expect(reason(flat({ valeurFonciere: null }))).toBe('missing-price');
    expect(reason(flat({ valeurFonciere: 0 }))).toBe('missing-price');
    expect(reason(flat({ surfaceReelleBati: null }))).toBe('missing-surface');
    expect(reason(flat({ surfaceReelleBati: 0 }))).toBe('missing-surface');
  });

  it('bounds the price to 15 000–10 000 000 €, inclusive', () => {
    // 15 000 / 50 m² = 300 €/m² would fail the €/m² bound: 40 m² gives 375 €/m².
    expect(reason(flat({ valeurFonciere: 14_999, surfaceReelleBati: 40 }))).toBe('price-bounds');
    expect(reason(flat({ valeurFonciere: 15_000, surfaceReelleBati: 40 }))).toBe('ok'); // 375 €/m²
    // Commercial premises have no surface bound: 1 000 m² keeps €/m² at 10 000.
    const shop = (valeurFonciere: number) => line({ codeTypeLocal: 4, surfaceReelleBati: 1000, valeurFonciere });
    expect(reason(shop(10_000_000))).toBe('ok');
    expect(reason(shop(10_000_001))).toBe('price-bounds');
  });

  it('bounds surfaces to 10–250 m² for flats and 10–400 m² for houses, and not commercial premises', () => {
    expect(reason(flat({ surfaceReelleBati: 9, valeurFonciere: 30_000 }))).toBe('surface-bounds');
    expect(reason(flat({ surfaceReelleBati: 10, valeurFonciere: 30_000 }))).toBe('ok');
    expect(reason(flat({ surfaceReelleBati: 250, valeurFonciere: 500_000 }))).toBe('ok');
    expect(reason(flat({ surfaceReelleBati: 251, valeurFonciere: 500_000 }))).toBe('surface-bounds');
    expect(reason(house({ surfaceReelleBati: 251, valeurFonciere: 500_000 }))).toBe('ok');
    expect(reason(house({ surfaceReelleBati: 401, valeurFonciere: 500_000 }))).toBe('surface-bounds');
    expect(reason(line({ codeTypeLocal: 4, surfaceReelleBati: 2000, valeurFonciere: 1_000_000 }))).toBe('ok');
  });

  it('bounds €/m² to 330–15 000 and always drops 100 000 €/m² or more', () => {
    expect(reason(flat({ valeurFonciere: 16_450, surfaceReelleBati: 50 }))).toBe('price-per-m2-bounds'); // 329
    expect(reason(flat({ valeurFonciere: 16_500, surfaceReelleBati: 50 }))).toBe('ok'); // 330
    expect(reason(flat({ valeurFonciere: 750_000, surfaceReelleBati: 50 }))).toBe('ok'); // 15 000
    expect(reason(flat({ valeurFonciere: 750_050, surfaceReelleBati: 50 }))).toBe('price-per-m2-bounds'); // 15 001
    const wide: PlausibilityBounds = { ...DEFAULT_BOUNDS, pricePerM2: { min: 0, max: 1e9 } };
    expect(reason(flat({ valeurFonciere: 4_999_950, surfaceReelleBati: 50 }), wide)).toBe('ok'); // 99 999
    expect(reason(flat({ valeurFonciere: 5_000_000, surfaceReelleBati: 50 }), wide)).toBe('hard-limit'); // 100 000
  });

  it('configurable bounds change the verdict', () => {
    const strict: PlausibilityBounds = { ...DEFAULT_BOUNDS, surface: { ...DEFAULT_BOUNDS.surface, appartement: { min: 60, max: 100 } } };
    expect(reason(flat(), strict)).toBe('surface-bounds');
  });

  it('salesForStatistics keeps only eligible single-property sales', () => {
    const sales = salesForStatistics([
      flat({ idMutation: 'A' }),
      dependance({ idMutation: 'A' }),
      flat({ idMutation: 'B' }),
      house({ idMutation: 'B' }),
      flat({ idMutation: 'C', natureLabel: 'Echange' }),
      house({ idMutation: 'D', valeurFonciere: 350_000 }),
    ]);
    expect(sales.map((s) => [s.key, s.type, s.pricePerM2])).toEqual([
      ['A', 'appartement', 4000],
      ['D', 'maison', 3500],
    ]);
  });
});

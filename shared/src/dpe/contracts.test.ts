import { describe, expect, it } from 'vitest';
import '../zod-locale.js';
import { coproDetailSchema } from '../copro/contracts.js';
import { dpeDetailSchema, dpeFilterSchema, parcelSaleSchema } from './contracts.js';

describe('DPE search filters', () => {
  it('refuses a construction year no DPE can have, in French, and takes this year’s new builds', () => {
    const next = new Date().getUTCFullYear() + 1;
    expect(dpeFilterSchema.safeParse({ yearMin: String(next) }).success).toBe(true);
    const far = dpeFilterSchema.safeParse({ yearMin: '2100' });
    expect(far.success).toBe(false);
    expect(far.error?.issues[0]?.message).toMatch(/^Année de construction\u00a0: \d{4} au plus tard\.$/);
  });
});

describe('DVF sales of the DPE and co-ownership sheets', () => {
  it('reads one sale on a parcel, each sheet keeping the fields it shows', () => {
    const sale = parcelSaleSchema.parse({
      id: '2024-123456',
      date: '2024-03-14',
      nature: 'Vente',
      price: 182_000,
      locaux: 1,
      surface: 64,
      type: 'Appartement',
      pricePerM2: 2844,
      idParcelle: '93010000AS0167',
    });
    expect(Object.keys(dpeDetailSchema.shape.sales.element.parse(sale))).toEqual([
      'id',
      'date',
      'nature',
      'price',
      'surface',
      'type',
      'pricePerM2',
    ]);
    expect(Object.keys(coproDetailSchema.shape.sales.element.parse(sale))).toEqual([
      'id',
      'date',
      'nature',
      'price',
      'locaux',
      'surface',
      'pricePerM2',
      'idParcelle',
    ]);
  });
});

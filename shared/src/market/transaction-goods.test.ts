import { describe, expect, it } from 'vitest';
import { NATURE_LABELS } from './dvf.js';
import { transactionGoods } from './transactions-contracts.js';

describe('transactionGoods', () => {
  it('names a VEFA sale without a described local as lots, not land', () => {
    expect(transactionGoods({ types: ['terrain'], nature: NATURE_LABELS.vefa })).toBe('Lot en VEFA, local non décrit');
    expect(transactionGoods({ types: ['terrain'], nature: NATURE_LABELS.vente })).toBe('Terrain seul');
    expect(transactionGoods({ types: ['appartement', 'dependance'], nature: NATURE_LABELS.vefa })).toBe('Appartement, Dépendance');
  });
});

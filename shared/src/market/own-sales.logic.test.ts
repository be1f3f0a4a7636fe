import { describe, expect, it } from 'vitest';
import { isOwnSale, sameAddress } from './own-sales.logic.js';

describe('own earlier sales of the subject', () => {
  it('matches the address at the start of the subject’s label', () => {
    expect(sameAddress('139 Avenue Carnot 93140 Bondy', '139 Avenue Carnot')).toBe(true);
    expect(sameAddress('139 avenue Carnot, 93140 Bondy', '139 AVENUE CARNOT')).toBe(true);
    expect(sameAddress('139 Avenue Carnot 93140 Bondy', '13 Avenue Carnot')).toBe(false);
    expect(sameAddress('139 Avenue Carnot 93140 Bondy', '139 Avenue Carnot Prolongée')).toBe(false);
    expect(sameAddress('Avenue Carnot 93140 Bondy', 'Avenue Carnot')).toBe(false);
  });

  it('needs the same parcel or address, and a close surface', () => {
    const subject = { label: '139 Avenue Carnot 93140 Bondy', surface: 54, parcel: '93010000AV0209' };
    expect(isOwnSale(subject, { address: '139 Avenue Carnot', surface: 54, parcel: null })).toBe(true);
    expect(isOwnSale(subject, { address: '141 Avenue Carnot', surface: 55, parcel: '93010000AV0209' })).toBe(true);
    expect(isOwnSale(subject, { address: '139 Avenue Carnot', surface: 60, parcel: '93010000AV0209' })).toBe(false);
    expect(isOwnSale(subject, { address: '12 Rue Roger Salengro', surface: 54, parcel: '93010000AV0210' })).toBe(false);
    expect(isOwnSale({ ...subject, parcel: null }, { address: '141 Avenue Carnot', surface: 54, parcel: null })).toBe(false);
  });
});

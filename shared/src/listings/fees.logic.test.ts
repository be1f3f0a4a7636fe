import { describe, expect, it } from 'vitest';
import { netOfFees } from './fees.logic.js';

describe('net of fees', () => {
  it('takes the fees out of a fees-included price, as a rate of the net seller price', () => {
    // 5 % of 218 095 € is 10 905 €: 218 095 + 10 905 = 229 000 €.
    expect(netOfFees(229_000, { basis: 'honoraires-inclus', ratePct: 5 })).toEqual({ net: 218_095, fees: 10_905 });
    expect(netOfFees(300_000, { basis: 'honoraires-inclus', ratePct: 0 })).toEqual({ net: 300_000, fees: 0 });
  });

  it('keeps a net seller price, and a fees-included one whose rate is not given or out of range', () => {
    expect(netOfFees(229_000, { basis: 'net-vendeur', ratePct: 5 })).toEqual({ net: 229_000, fees: 0 });
    expect(netOfFees(229_000, { basis: 'honoraires-inclus', ratePct: null })).toEqual({ net: 229_000, fees: null });
    expect(netOfFees(229_000, { basis: 'honoraires-inclus', ratePct: 35 })).toEqual({ net: 229_000, fees: null });
  });
});

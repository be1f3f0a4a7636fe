import { describe, expect, it } from 'vitest';
import { rentalBanDate, rentalBanStatus } from './rental-ban.logic.js';

describe('rental ban (loi Climat et résilience)', () => {
  it('G from 2025, F from 2028, E from 2034, none for A–D', () => {
    expect(rentalBanDate('G')).toBe('2025-01-01');
    expect(rentalBanDate('F')).toBe('2028-01-01');
    expect(rentalBanDate('E')).toBe('2034-01-01');
    for (const c of ['A', 'B', 'C', 'D', null, undefined, 'H']) expect(rentalBanDate(c)).toBeNull();
  });

  it('tells banned from upcoming on a given day', () => {
    expect(rentalBanStatus('G', '2025-01-01')).toEqual({ kind: 'banned', since: '2025-01-01' });
    expect(rentalBanStatus('G', '2024-12-31')).toEqual({ kind: 'upcoming', from: '2025-01-01' });
    expect(rentalBanStatus('F', '2026-11-21')).toEqual({ kind: 'upcoming', from: '2028-01-01' });
    expect(rentalBanStatus('C', '2040-01-01')).toEqual({ kind: 'none' });
  });
});

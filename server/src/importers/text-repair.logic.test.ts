import { describe, expect, it } from 'vitest';
import { repairDoubleUtf8 } from './text-repair.logic.js';

describe('repairDoubleUtf8', () => {
  it('repairs text encoded twice through Latin-1 or Windows-1252', () => {
    expect(repairDoubleUtf8('Place de la RÃ©publique')).toBe('Place de la République');
    expect(repairDoubleUtf8('AllÃ©e Paul LafarguÃ¨')).toBe('Allée Paul Lafarguè');
    expect(repairDoubleUtf8('Rue de lâ€™Ã‰glise')).toBe('Rue de l’Église');
    expect(repairDoubleUtf8('CÅ“ur de ville')).toBe('Cœur de ville');
  });

  it('leaves correct text alone, accented or not', () => {
    for (const s of ['Place de la République', 'Avenue Carnot', 'Rue de l’Église', 'Ã la carte', 'Âge du Fer', 'Cœur'])
      expect(repairDoubleUtf8(s)).toBe(s);
  });
});

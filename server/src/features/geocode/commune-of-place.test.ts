import { describe, expect, it } from 'vitest';
import { communeOfPlace } from './commune-of-place.js';

describe('the commune of a listing’s place', () => {
  it('reads Paris arrondissements and shared postcodes by name', () => {
    expect(communeOfPlace('75018', 'Paris')).toEqual({ insee: '75118', nom: 'Paris 18e Arrondissement' });
    expect(communeOfPlace('69008', 'Lyon 8e')?.insee).toBe('69388');
    expect(communeOfPlace('13008', 'Marseille')?.insee).toBe('13208');
    expect(communeOfPlace('37800', 'Sainte-Maure-de-Touraine')?.insee).toBe('37226');
    expect(communeOfPlace('99999', 'Nulle part')).toBeNull();
    expect(communeOfPlace(undefined, 'Paris')).toBeNull();
    expect(communeOfPlace(undefined, 'Paris 6ème')?.insee).toBe('75106');
    expect(communeOfPlace(undefined, 'Lyon 8e')?.insee).toBe('69388');
    expect(communeOfPlace(undefined, 'Sainte-Maure-de-Touraine')?.insee).toBe('37226');
    // Several communes of France share this name: no guess.
    expect(communeOfPlace(undefined, 'Saint-Denis')).toBeNull();
  });

  it('takes a village merged into a commune nouvelle for its commune nouvelle', () => {
    // 01370 also serves Saint-Étienne-du-Bois, more populated than Val-Revermont (Cuisiat's since 2016).
    expect(communeOfPlace('01370', 'Cuisiat')).toEqual({ insee: '01426', nom: 'Val-Revermont' });
    expect(communeOfPlace('01370', null)?.insee).toBe('01350');
    expect(communeOfPlace('93380', 'Pierrefitte-sur-Seine')).toEqual({ insee: '93066', nom: 'Saint-Denis' });
    expect(communeOfPlace(undefined, 'Pierrefitte-sur-Seine')?.insee).toBe('93066');
  });
});

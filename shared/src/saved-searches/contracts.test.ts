import { describe, expect, it } from 'vitest';
import { checkToolQuery, normaliseQuery, SAVED_SEARCH_TOOL_IDS, savedSearchCreateSchema, savedSearchUrl } from './contracts.js';

describe('saved search queries', () => {
  it('keeps the filters in a stable order and drops paging and sorting', () => {
    expect(normaliseQuery('?types=maison&insee=93010&page=3&sort=prix&surfaceMin=')).toBe('insee=93010&types=maison');
  });

  it('drops the map position the page writes on every move, keeps the drawn view', () => {
    expect(normaliseQuery('?carte=2.35000%2C46.60000%2C5.00&insee=93010&types=appartement')).toBe('insee=93010&types=appartement');
    expect(normaliseQuery('?lieu=vue&bbox=2.4%2C48.8%2C2.5%2C48.9&carte=2.45%2C48.85%2C13')).toBe('bbox=2.4%2C48.8%2C2.5%2C48.9&lieu=vue');
  });

  it('is validated by the tool’s own schema, in French', () => {
    expect(checkToolQuery('transactions', 'insee=93010&types=maison')).toBeNull();
    expect(checkToolQuery('transactions', 'insee=93010&surfaceMin=90&surfaceMax=20')).toEqual([
      { path: 'surfaceMax', message: 'Fourchette de surface inversée.' },
    ]);
    expect(checkToolQuery('parcelles', 'commune=a')?.[0]?.message).toBe('Indiquez une commune (nom ou code INSEE).');
    // No place at all is « ma zone », counted in the owner's territory.
    expect(checkToolQuery('parcelles', '')).toBeNull();
    expect(checkToolQuery('transactions', 'zone=mine')).toBeNull();
    expect(checkToolQuery('parcelles', 'zone=mine&commune=Bondy')?.[0]?.message).toBe('Une commune ou ma zone, pas les deux.');
    const bad = savedSearchCreateSchema.safeParse({ tool: 'transactions', query: 'insee=93010&parcelle=93010000AS0167', name: 'x' });
    expect(bad.success).toBe(false);
  });

  it('opens the tool with the saved filters', () => {
    expect(savedSearchUrl('transactions', 'insee=93010&types=maison')).toBe('/pro/transactions?insee=93010&types=maison');
  });

  it('takes an alert on every tool, a known frequency only, in French', () => {
    for (const tool of SAVED_SEARCH_TOOL_IDS)
      expect(savedSearchCreateSchema.safeParse({ tool, query: '', name: 'Tout', alert: 'daily' }).error?.issues ?? []).not.toContainEqual(
        expect.objectContaining({ path: ['alert'] }),
      );
    const refused = savedSearchCreateSchema.safeParse({ tool: 'annonces', query: 'postcode=69008', name: 'Annonces', alert: 'hourly' });
    expect(refused.success ? null : refused.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['alert', 'Fréquence d’alerte inconnue.'],
    ]);
    const ok = savedSearchCreateSchema.parse({ tool: 'dpe', query: 'insee=69387&classes=F,G', name: 'Passoires', alert: 'weekly' });
    expect(ok.alert).toBe('weekly');
  });
});

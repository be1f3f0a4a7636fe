import { describe, expect, it } from 'vitest';
import { departementOf, freshnessOf } from './data-dashboard.js';

describe('data freshness', () => {
  const base = { dataset: 'dvf' as const, rows: 10 };
  it('says absent without rows or import', () => {
    expect(freshnessOf({ ...base, rows: 0, lastImportAt: '2026-11-01T10:00:00Z', release: null }).state).toBe('absent');
    expect(freshnessOf({ ...base, lastImportAt: null, release: '2026-10-01' }).state).toBe('absent');
  });
  it('is unchecked without a release date and names the variable', () => {
    const r = freshnessOf({ ...base, lastImportAt: '2026-11-01T10:00:00Z', release: null });
    expect(r).toEqual({ state: 'unchecked', stateText: 'Date de la dernière publication officielle non configurée (DATA_RELEASE_DVF).' });
  });
  it('is stale when the import predates the release, fresh from the release day on', () => {
    const stale = freshnessOf({ ...base, lastImportAt: '2026-04-20T10:00:00Z', release: '2026-10-15' });
    expect(stale.state).toBe('stale');
    expect(stale.stateText).toBe('Périmé\u00a0: une publication du 15/10/2026 est plus récente que le dernier import (20/04/2026).');
    expect(freshnessOf({ ...base, lastImportAt: '2026-10-15T08:00:00Z', release: '2026-10-15' }).state).toBe('fresh');
  });
  it('reads the département of a commune code', () => {
    expect(departementOf('93010')).toBe('93');
    expect(departementOf('2A004')).toBe('2A');
    expect(departementOf('97411')).toBe('974');
  });
});

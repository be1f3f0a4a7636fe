// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { anyRunning, dvfFreshnessLabel, formatDuration, importedOn, progressLabel, progressRatio } from './imports.logic';

describe('imports tab helpers', () => {
  it('computes the progress of a running import', () => {
    expect(progressRatio({ bytesRead: 450, bytesTotal: 1000 })).toBe(0.45);
    expect(progressRatio({ bytesRead: 450, bytesTotal: null })).toBeNull();
    expect(progressLabel({ bytesRead: 450, bytesTotal: 1000, rowsRead: 12345, phase: 'lecture' })).toBe(
      '45\u00a0% — 12\u202f345 lignes lues',
    );
    expect(progressLabel({ bytesRead: 1000, bytesTotal: 1000, rowsRead: 1, phase: 'fusion' })).toBe('Écriture en base… (1 ligne lue)');
    expect(progressLabel({ bytesRead: 0, bytesTotal: null, rowsRead: 1, phase: 'lecture' })).toBe('1 ligne lue');
  });

  it('formats durations in French', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(12_340)).toBe('12,3\u00a0s');
    expect(formatDuration(65_000)).toBe('1\u00a0min\u00a005\u00a0s');
    expect(formatDuration(3_726_000)).toBe('1\u00a0h\u00a002\u00a0min');
  });

  it('says how fresh the DVF data is', () => {
    expect(dvfFreshnessLabel({ dvfLatestMutation: '2022-12-30' })).toBe('Données DVF à jour au 30/12/2022');
    expect(dvfFreshnessLabel({ dvfLatestMutation: null })).toBeNull();
    const f = { dvfLatestMutation: null, sources: [{ source: 'dvf' as const, importedAt: '2026-11-21T10:00:00.000Z', vintage: null }] };
    expect(importedOn(f, 'dvf')).toBe('importées le 21/11/2026');
    expect(importedOn(f, 'ban')).toBeNull();
    expect(anyRunning([{ status: 'succeeded' }], [{ status: 'running' }])).toBe(true);
    expect(anyRunning([{ status: 'failed' }], [])).toBe(false);
  });
});

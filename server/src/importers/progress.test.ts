import { describe, expect, it } from 'vitest';
import { progressLine } from './progress.js';

describe('progress line of the import command', () => {
  it('shows the bar, % of bytes, rows, rows/s, rejects and the time left', () => {
    const line = progressLine({
      runId: 1,
      source: 'dvf-raw',
      fileName: 'ValeursFoncieres-2022.txt',
      phase: 'lecture',
      bytesRead: 250,
      bytesTotal: 1000,
      rowsRead: 12_345,
      rowsKept: 12_340,
      rowsRejected: 5,
      elapsedMs: 10_000,
    });
    expect(line).toBe(
      '[######··················] 25\u00a0% | 12\u202f345 lignes | 1\u202f235 lignes/s | 5 rejetées | reste 0 min 30 s | DVF brutes (DGFiP) — ValeursFoncieres-2022.txt',
    );
    expect(
      progressLine({
        runId: 1,
        source: 'ban',
        fileName: 'a.csv',
        phase: 'fusion',
        bytesRead: 10,
        bytesTotal: 10,
        rowsRead: 3,
        rowsKept: 3,
        rowsRejected: 0,
        elapsedMs: 1,
      }),
    ).toContain('fusion en base…');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultPeriodNote, periodEndingAt, resolvePeriod } from './period.logic.js';

describe('default period of the market tools', () => {
  it('ends at the newest sale of the zone, not today', () => {
    expect(resolvePeriod({}, '2023-12-27', '2026-11-23')).toEqual({ from: '2021-12-28', to: '2023-12-27' });
  });

  it('ends today only when the zone has no sale', () => {
    expect(resolvePeriod({}, null, '2026-11-23')).toEqual({ from: '2024-11-24', to: '2026-11-23' });
  });

  it('keeps what the user chose and completes the rest', () => {
    expect(resolvePeriod({ from: '2020-01-01', to: '2020-12-31' }, '2023-12-27', '2026-11-23')).toEqual({
      from: '2020-01-01',
      to: '2020-12-31',
    });
    expect(resolvePeriod({ to: '2022-06-30' }, '2023-12-27', '2026-11-23')).toEqual({ from: '2020-07-01', to: '2022-06-30' });
    expect(resolvePeriod({ from: '2023-01-01' }, '2023-12-27', '2026-11-23')).toEqual({ from: '2023-01-01', to: '2023-12-27' });
    expect(resolvePeriod({ from: '2025-01-01' }, '2023-12-27', '2026-11-23')).toEqual({ from: '2025-01-01', to: '2026-11-23' });
  });

  it('handles the 29th of February', () => {
    expect(resolvePeriod({}, '2024-02-29', '2026-11-23')).toEqual({ from: '2022-03-01', to: '2024-02-29' });
  });

  it('says how the period was chosen', () => {
    expect(defaultPeriodNote({ from: '2021-12-28', to: '2023-12-27' }, '2023-12-27')).toBe(
      'Période par défaut\u00a0: les 2 ans qui précèdent la vente la plus récente importée pour cette zone (27/12/2023), du 28/12/2021 au 27/12/2023.',
    );
    // Who imports the DVF is said by the page, for the reader's role (`ImportHint`), not here.
    expect(defaultPeriodNote({ from: '2024-11-24', to: '2026-11-23' }, null)).toBe(
      'Aucune vente DVF importée pour cette zone\u00a0: période par défaut de 2 ans jusqu’à aujourd’hui.',
    );
  });
});

describe('the last years of data', () => {
  it('ends at the newest sale and starts the day after the same date, a leap day included', () => {
    expect(periodEndingAt('2023-12-27', 1)).toEqual({ from: '2022-12-28', to: '2023-12-27' });
    expect(periodEndingAt('2023-12-27', 5)).toEqual({ from: '2018-12-28', to: '2023-12-27' });
    expect(periodEndingAt('2024-02-29', 1)).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });
});

import { describe, expect, it } from 'vitest';
import { calendarDateSchema, isCalendarDate } from './calendar-date.js';

describe('calendar dates', () => {
  it('keeps the days of the calendar, leap days included', () => {
    for (const d of ['2024-02-29', '2000-02-29', '2022-12-31', '1000-01-01', '9999-12-31']) expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses the days that do not exist and what PostgreSQL cannot store', () => {
    for (const d of [
      '2022-02-30',
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
      '2026-1-05',
      '2026-01-05T10:00',
    ])
      expect(isCalendarDate(d), d).toBe(false);
  });

  it('says so in French', () => {
    expect(calendarDateSchema().safeParse('2022-02-30').error?.issues[0]?.message).toBe('Cette date n’existe pas.');
    expect(calendarDateSchema('Date de vente invalide.').safeParse('30/02/2022').error?.issues[0]?.message).toBe('Date de vente invalide.');
  });
});

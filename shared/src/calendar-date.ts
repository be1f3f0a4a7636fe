/**
 * A date written `AAAA-MM-JJ` that exists in the calendar. A pattern alone lets `2022-02-30` or
 * `2023-02-29` through, and PostgreSQL then refuses the statement (a 500 instead of a French 400):
 * the date must come back unchanged from a calendar round trip. Years start at 1000, since
 * PostgreSQL has no year 0 and no field of Immoloupe holds a date before then.
 */
import { z } from 'zod';

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const NOT_A_DATE = 'Cette date n’existe pas.';

export function isCalendarDate(text: string): boolean {
  const m = PATTERN.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** `AAAA-MM-JJ` that exists; `format` is the message of a text that is not written that way. */
export function calendarDateSchema(format = 'Date attendue au format AAAA-MM-JJ.') {
  return z.string({ error: 'Date requise.' }).regex(PATTERN, format).refine(isCalendarDate, NOT_A_DATE);
}

/**
 * `months` after a date, the day clamped to the month's last (31 January + 1 month = 28/29 February),
 * as PostgreSQL's `+ interval 'n month'` does; the time of day is kept (UTC).
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** addMonths on an ISO calendar date (`AAAA-MM-JJ`). */
export function addMonthsIso(iso: string, months: number): string {
  return addMonths(new Date(`${iso}T00:00:00Z`), months)
    .toISOString()
    .slice(0, 10);
}

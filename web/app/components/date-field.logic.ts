/**
 * Rules of the French date field: what a person types (JJ/MM/AAAA) against what the URLs and the
 * API exchange (ISO AAAA-MM-JJ). Kept apart from the component so that they are tested alone.
 */
import { NBSP } from '@immoloupe/shared/format';
import { dayjs } from '~/lib/dayjs';

export const DATE_DISPLAY_FORMAT = 'DD/MM/YYYY';
export const DATE_PLACEHOLDER = 'JJ/MM/AAAA';
const ISO_FORMAT = 'YYYY-MM-DD';
// Day and month may be typed with one digit; the year always has four, so « 1/2/24 » is refused
// rather than guessed as 1924 or 2024.
const TYPED_FORMATS = ['DD/MM/YYYY', 'D/M/YYYY', 'D/MM/YYYY', 'DD/M/YYYY'];

export type ParsedDate = { ok: true; iso: string } | { ok: false; message: string };

/** Reads a typed date, strictly: « 31/02/2024 » is an error, never silently 02/03/2024. */
export function parseTypedDate(text: string): ParsedDate {
  const trimmed = text.trim().replace(/[.-]/g, '/');
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed)) {
    return { ok: false, message: `Date incomplète ou mal écrite${NBSP}: saisissez-la au format ${DATE_PLACEHOLDER}` };
  }
  const parsed = dayjs(trimmed, TYPED_FORMATS, 'fr', true);
  if (!parsed.isValid()) return { ok: false, message: `Cette date n’existe pas${NBSP}: ${text.trim()}` };
  return { ok: true, iso: parsed.format(ISO_FORMAT) };
}

/** An ISO date of the URL shown as JJ/MM/AAAA, or '' when it is absent or not a date. */
export function isoToDisplay(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = dayjs(iso, ISO_FORMAT, true);
  return parsed.isValid() ? parsed.format(DATE_DISPLAY_FORMAT) : '';
}

/** Whether an ISO date lies outside the allowed bounds, as a French message, or null. */
export function outOfBounds(iso: string, min?: string, max?: string): string | null {
  if (min && iso < min) return `La date doit être au plus tôt le ${isoToDisplay(min)}`;
  if (max && iso > max) return `La date doit être au plus tard le ${isoToDisplay(max)}`;
  return null;
}

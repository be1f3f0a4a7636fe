/**
 * The default period of the market tools. DVF is published months late, and a fresh install may
 * hold only older years: a period of « the last two years from today » can then hold no sale at
 * all. The default ends at the newest sale the database holds for the zone instead.
 */
import { formatDate } from '../format.js';

export const DEFAULT_PERIOD_YEARS = 2;

export interface Period {
  from: string;
  to: string;
}

/** The day after the same date `years` earlier, so that two years hold exactly 730 or 731 days. */
function yearsBefore(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y - years, m, 0)).getUTCDate();
  const start = new Date(Date.UTC(y - years, m - 1, Math.min(d, lastDay) + 1));
  return start.toISOString().slice(0, 10);
}

/** The last `years` years of data: from the day after the same date `years` before `newest`, to `newest`. */
export function periodEndingAt(newest: string, years: number): Period {
  return { from: yearsBefore(newest, years), to: newest };
}

/**
 * The period asked for, completed: a missing end is the newest sale of the zone (today when the
 * zone has none, or when the chosen start is later), a missing start is DEFAULT_PERIOD_YEARS years
 * before the end.
 */
export function resolvePeriod(
  asked: { from?: string | undefined; to?: string | undefined },
  newestSale: string | null,
  today: string,
): Period {
  const endsAtData = newestSale !== null && (asked.from === undefined || asked.from <= newestSale);
  const to = asked.to ?? (endsAtData ? newestSale : today);
  return { from: asked.from ?? yearsBefore(to, DEFAULT_PERIOD_YEARS), to };
}

/**
 * The sentence under the period fields when the period was chosen for the user. Without any sale,
 * the page adds how to get the DVF imported (`ImportHint`: the wording depends on the reader's role).
 */
export function defaultPeriodNote(period: Period, newestSale: string | null): string {
  if (!newestSale)
    return `Aucune vente DVF importée pour cette zone\u00a0: période par défaut de ${DEFAULT_PERIOD_YEARS} ans jusqu’à aujourd’hui.`;
  return `Période par défaut\u00a0: les ${DEFAULT_PERIOD_YEARS} ans qui précèdent la vente la plus récente importée pour cette zone (${formatDate(newestSale)}), du ${formatDate(period.from)} au ${formatDate(period.to)}.`;
}

/**
 * All number, money, surface and date formatting goes through here (fr-FR). Intl writes
 * a narrow no-break space (U+202F) as the thousands separator and a no-break space (U+00A0)
 * before the euro sign and the percent sign, as French typography wants.
 */
const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const date = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' });

/** No-break space, to put before `:`, `;`, `?`, `!` in French text. */
export const NBSP = '\u00a0';

export function formatInteger(n: number): string {
  return integer.format(n);
}

export function formatEuros(n: number): string {
  return euros.format(n);
}

/**
 * An estimated price as an agent states one (decision 0302): to the thousand euros from
 * 100 000 €, to the hundred below, half up. The euro figure stays in the API and in the method line;
 * only the headline figures are rounded, a price to the euro claiming a precision no method has.
 */
export function roundEstimate(n: number): number {
  const step = Math.abs(n) >= 100_000 ? 1_000 : 100;
  return Math.sign(n) * Math.round(Math.abs(n) / step) * step;
}

export function formatEstimate(n: number): string {
  return euros.format(roundEstimate(n));
}

/** « au millier » or « à la centaine »: how `roundEstimate` rounded this figure. */
export function estimateRounding(n: number): string {
  return Math.abs(n) >= 100_000 ? 'arrondie au millier' : 'arrondie à la centaine';
}

const eurosCents = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A price given in cents: `49 €` when whole, `49,90 €` otherwise (never rounded away). */
export function formatPriceCents(cents: number): string {
  return cents % 100 === 0 ? euros.format(cents / 100) : eurosCents.format(cents / 100);
}

export function formatEurosPerSquareMetre(n: number): string {
  return `${integer.format(n)}${NBSP}€/m²`;
}

/** A monthly rent per m², to the tenth: `34,4 €/m²/mois`. */
export function formatEurosPerSquareMetreMonth(n: number): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n)}${NBSP}€/m²/mois`;
}

export function formatSurface(m2: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(m2)}${NBSP}m²`;
}

export function formatPercent(ratio: number, fractionDigits = 0): string {
  return new Intl.NumberFormat('fr-FR', {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(ratio);
}

/** A change in percent with its sign, the minus a true minus sign: `+5 %`, `−5 %`, `0 %`. */
export function formatSignedPercent(points: number): string {
  const sign = points > 0 ? '+' : points < 0 ? '\u2212' : '';
  return `${sign}${new Intl.NumberFormat('fr-FR').format(Math.abs(points))}\u00a0%`;
}

/**
 * `21/11/2026`; accepts a Date or an ISO date (`2026-11-21`, read as a calendar day). A timestamp is
 * written as its Paris calendar day: never slice an ISO timestamp to its UTC date before calling this.
 */
export function formatDate(d: Date | string): string {
  const value = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? new Date(`${d}T12:00:00Z`) : new Date(d);
  return date.format(value);
}

const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Paris' });

/** `2026-11-27`: the Paris calendar day of a moment, for file names (a UTC slice is the day before until 1 or 2 a.m.). */
export function parisIsoDate(d: Date | string): string {
  const parts = Object.fromEntries(isoDay.formatToParts(new Date(d)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * A data vintage as the importers store it (`2024-11-13`, `2021-08-31 – 2024-07-29`, `2025`), with
 * its dates written the French way: `13/11/2024`, `31/08/2021 – 29/07/2024`, `2025`.
 */
export function formatVintage(vintage: string): string {
  return vintage.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatDate(iso));
}

/**
 * A vintage in a sentence: a release (`2024-11-13`, `2025`) is a « millésime »; a span of dates
 * (DPE, DVF: the first and last day the file holds) is the period of its data, which « millésime
 * 31/08/2021 – 29/07/2024 » misnamed. `capital` starts the phrase with a capital letter.
 */
export function vintagePhrase(vintage: string, options: { capital?: boolean } = {}): string {
  const span = /^(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/.exec(vintage);
  const phrase = span
    ? `données du ${formatDate(span[1] as string)} au ${formatDate(span[2] as string)}`
    : `millésime ${formatVintage(vintage)}`;
  return options.capital ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

/** `21/11/2026 à 14:05` (Paris time), for events such as the audit log's. */
export function formatDateTime(d: Date | string): string {
  const value = new Date(d);
  return `${date.format(value)} à ${time.format(value)}`;
}

const monthYear = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2022-03` → `mars 2022`. */
export function formatMonth(month: string): string {
  return monthYear.format(new Date(`${month}-15T00:00:00Z`));
}

/** `3 sections`, `1 section`, `0 DPE`: a count with its noun, plural from 2 as in French. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(n)}\u00a0${n >= 2 ? plural : singular}`;
}

/** A SIRET as the INSEE prints it: SIREN in three groups of three, then the NIC (« 348 631 169 00045 »). */
export function formatSiret(siret: string): string {
  const digits = siret.replace(/\s/g, '');
  if (!/^\d{14}$/.test(digits)) return siret;
  return `${digits.slice(0, 3)}\u00a0${digits.slice(3, 6)}\u00a0${digits.slice(6, 9)}\u00a0${digits.slice(9)}`;
}

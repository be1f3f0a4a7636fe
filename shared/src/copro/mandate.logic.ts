/**
 * What a syndic mandate is today. The RNIC says « Mandat en cours » as of its data date (decision
 * 0740 keeps that date as the reference of the mandate filters); once the end date it gives has
 * passed, the mandate may have been renewed without the loaded RNIC knowing: it is then « échu »,
 * never « en cours ».
 */
import { addMonthsIso } from '../calendar-date.js';
import { formatDate } from '../format.js';

const IN_FORCE = 'Mandat en cours';

export interface MandateFacts {
  /** The RNIC's words: « Mandat en cours », « Pas de mandat en cours », « Mandat expiré sans successeur déclaré ». */
  mandatEnCours: string | null;
  finMandat: string | null;
}

/** True when the last mandate's end date is before `today` (ISO dates compare as text). */
export function mandateEnded(m: Pick<MandateFacts, 'finMandat'>, today: string): boolean {
  return m.finMandat !== null && m.finMandat < today;
}

/** « Mandat en cours », « Mandat échu » or the RNIC's own words when no mandate was in force. */
export function mandateWord(m: MandateFacts, today: string): string {
  if (m.mandatEnCours === IN_FORCE) return mandateEnded(m, today) ? 'Mandat échu' : IN_FORCE;
  return m.mandatEnCours ?? 'Mandat inconnu';
}

/** « renouvellement non connu au RNIC du 03/01/2026 », said of a mandate in force at the data date but ended since. */
export function renewalUnknown(asOf: string | null): string {
  return asOf ? `renouvellement non connu au RNIC du ${formatDate(asOf)}` : 'renouvellement non connu au RNIC chargé';
}

/**
 * The sentence of a co-ownership sheet: « Mandat en cours jusqu’au 30/09/2027 », « Mandat échu le
 * 28/02/2026 (renouvellement non connu au RNIC du 03/01/2026) », « Pas de mandat en cours, fin du
 * dernier mandat le 30/09/2023 ».
 */
export function mandateSentence(m: MandateFacts, asOf: string | null, today: string): string {
  const end = m.finMandat ? formatDate(m.finMandat) : null;
  if (m.mandatEnCours === IN_FORCE) {
    if (!end) return IN_FORCE;
    return mandateEnded(m, today) ? `Mandat échu le ${end} (${renewalUnknown(asOf)})` : `Mandat en cours jusqu’au ${end}`;
  }
  return `${m.mandatEnCours ?? 'Mandat inconnu'}${end ? `, fin du dernier mandat le ${end}` : ''}`;
}

/** The CSV's « Mandat » cell: the status today, with why an ended mandate may still be running. */
export function mandateCsvCell(m: MandateFacts, asOf: string | null, today: string): string | null {
  if (m.mandatEnCours === null) return null;
  const word = mandateWord(m, today);
  return word === 'Mandat échu' ? `${word} (${renewalUnknown(asOf)})` : word;
}

/** The day before an ISO date: the last day of a window whose end is exclusive. */
export function dayBefore(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * What « Finit dans N mois » shows, counted from the RNIC data date (decision 0740): the window, and
 * whether its mandates have ended by today, so that the header never calls them « à venir ».
 */
export function endsWithinNote(asOf: string, months: number, today: string): string {
  const until = addMonthsIso(asOf, months);
  const window = `fins de mandat du ${formatDate(asOf)} au ${formatDate(dayBefore(until))}`;
  const ended = `mandats échus, ${renewalUnknown(asOf)}`;
  if (until <= today) return `${window}\u00a0; toutes sont passées au ${formatDate(today)} (${ended})`;
  if (asOf < today) return `${window}\u00a0; celles d’avant le ${formatDate(today)} sont passées (${ended})`;
  return window;
}

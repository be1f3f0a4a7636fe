/** The free trial in the pages (decision 1371): the days left, said in French. */
import type { Abo } from '@immoloupe/shared/accounts/contracts';
import { formatInteger, NBSP } from '@immoloupe/shared/format';

const DAY_MS = 86_400_000;

/** The client record as the session carries it (`abo` read loosely there). */
type ClientLike = { abo: unknown; aboactif: boolean } | null | undefined;
const aboOf = (client: ClientLike) => (client?.abo ?? null) as Partial<Abo> | null;

/** Whole days left of a running trial (a started day counts: 1 on its last day), or null when not in one. */
export function trialDaysLeft(client: ClientLike, now = Date.now()): number | null {
  const abo = aboOf(client);
  if (!client?.aboactif || abo?.source !== 'trial' || !abo.currentPeriodEnd) return null;
  const left = new Date(abo.currentPeriodEnd).getTime() - now;
  return left > 0 ? Math.ceil(left / DAY_MS) : null;
}

/** « 12 jours d’essai restants », « 1 jour d’essai restant ». */
export function trialDaysLeftLabel(days: number): string {
  return days > 1 ? `${formatInteger(days)}${NBSP}jours d’essai restants` : `${formatInteger(days)}${NBSP}jour d’essai restant`;
}

/** A trial that ended (the client record keeps it until a subscription replaces it). */
export function trialEnded(client: ClientLike): boolean {
  return aboOf(client)?.source === 'trial' && !client?.aboactif;
}

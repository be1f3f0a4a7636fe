/** The subscription state in French words, for the account page, the pro home and the admin list. */
import type { Abo, ClientRecord, Role } from '@immoloupe/shared/accounts/contracts';
import { formatDate, NBSP } from '@immoloupe/shared/format';

export interface AboDescription {
  /** A short badge: Actif, Inactif, Paiement en échec… */
  label: string;
  color: 'teal' | 'gray' | 'red' | 'yellow' | 'blue';
  /** One sentence with the date that matters (renewal or end). */
  detail: string;
  active: boolean;
}

export function describeAbo(client: ClientRecord | null | undefined, role: Role = 'subscriber'): AboDescription {
  const abo: Abo | null = client?.abo ?? null;
  if (!abo) {
    if (role === 'admin')
      return { label: 'Administrateur', color: 'blue', detail: 'Accès complet aux outils, sans abonnement.', active: true };
    return { label: 'Sans abonnement', color: 'gray', detail: 'Vous n’avez pas encore d’abonnement.', active: false };
  }
  const end = abo.currentPeriodEnd ? formatDate(abo.currentPeriodEnd) : null;
  const active = client?.aboactif ?? false;
  if (abo.status === 'past_due' || abo.status === 'unpaid') {
    return {
      label: 'Paiement en échec',
      color: 'red',
      detail: `Le dernier paiement a échoué${NBSP}: mettez à jour votre moyen de paiement pour retrouver vos outils.`,
      active,
    };
  }
  if (active && abo.source === 'manual') {
    return {
      label: 'Actif',
      color: 'teal',
      detail: end ? `Accordé par un administrateur jusqu’au ${end}.` : 'Accordé par un administrateur.',
      active,
    };
  }
  if (abo.source === 'trial') {
    return active
      ? { label: 'Essai gratuit', color: 'teal', detail: end ? `Essai gratuit jusqu’au ${end}, sans carte.` : 'Essai gratuit.', active }
      : { label: 'Essai terminé', color: 'gray', detail: end ? `Essai gratuit terminé le ${end}.` : 'Essai gratuit terminé.', active };
  }
  if (active && abo.status === 'trialing')
    return { label: 'Essai', color: 'teal', detail: end ? `Période d’essai jusqu’au ${end}.` : 'Période d’essai.', active };
  if (active && abo.cancelAtPeriodEnd) {
    return {
      label: 'Résilié',
      color: 'yellow',
      detail: end ? `Actif jusqu’au ${end}, sans renouvellement.` : 'Actif jusqu’à la fin de la période, sans renouvellement.',
      active,
    };
  }
  if (active) return { label: 'Actif', color: 'teal', detail: end ? `Renouvellement le ${end}.` : 'Renouvelé automatiquement.', active };
  if (role === 'admin')
    return { label: 'Administrateur', color: 'blue', detail: 'Accès complet aux outils, sans abonnement.', active: true };
  return { label: 'Terminé', color: 'gray', detail: end ? `Abonnement terminé le ${end}.` : 'Abonnement terminé.', active };
}

/** Why the offer page was opened by the navigation rules (`redirectionclient`); `trialEnded`: the free trial is what lapsed. */
export function offerReason(marker: string | null, trialEnded = false): string | null {
  if (marker === 'abonnement-inactif' && trialEnded)
    return `Votre essai gratuit est terminé${NBSP}: abonnez-vous pour retrouver vos outils et vos données enregistrées.`;
  if (marker === 'abonnement-inactif') return `Votre abonnement n’est plus actif${NBSP}: abonnez-vous à nouveau pour retrouver vos outils.`;
  if (marker === 'sans-client' || marker === 'sans-email')
    return `Un abonnement est nécessaire pour ouvrir les outils professionnels${NBSP}: le voici.`;
  return null;
}

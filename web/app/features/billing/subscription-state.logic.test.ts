// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeAbo, offerReason } from './subscription-state.logic';

const abo = (over: object) => ({
  source: 'stripe' as const,
  status: 'active',
  currentPeriodEnd: '2026-11-21T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  ...over,
});

describe('describeAbo', () => {
  it('gives the renewal date of an active card subscription', () => {
    expect(describeAbo({ abo: abo({}), aboactif: true })).toMatchObject({
      label: 'Actif',
      detail: 'Renouvellement le 21/11/2026.',
      active: true,
    });
  });

  it('tells a cancelled-at-period-end, manual, failed and ended subscription apart', () => {
    expect(describeAbo({ abo: abo({ cancelAtPeriodEnd: true }), aboactif: true }).detail).toBe(
      'Actif jusqu’au 21/11/2026, sans renouvellement.',
    );
    expect(describeAbo({ abo: abo({ source: 'manual', cancelAtPeriodEnd: true }), aboactif: true }).detail).toBe(
      'Accordé par un administrateur jusqu’au 21/11/2026.',
    );
    expect(describeAbo({ abo: abo({ status: 'past_due' }), aboactif: false })).toMatchObject({ label: 'Paiement en échec', color: 'red' });
    expect(describeAbo({ abo: abo({ status: 'canceled' }), aboactif: false })).toMatchObject({ label: 'Terminé', active: false });
  });

  it('says when there is no subscription, and that an administrator needs none', () => {
    expect(describeAbo(null)).toMatchObject({ label: 'Sans abonnement', active: false });
    expect(describeAbo(null, 'admin')).toMatchObject({ label: 'Administrateur', active: true });
  });

  it('explains the redirection marker of the offer page', () => {
    expect(offerReason('abonnement-inactif')).toMatch(/n’est plus actif\u00a0:/);
    expect(offerReason('sans-client')).toContain('Un abonnement est nécessaire');
    expect(offerReason(null)).toBeNull();
  });
});

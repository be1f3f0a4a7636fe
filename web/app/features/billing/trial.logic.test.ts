// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeAbo, offerReason } from './subscription-state.logic';
import { trialDaysLeft, trialDaysLeftLabel, trialEnded } from './trial.logic';

const NOW = Date.parse('2026-12-02T08:00:00.000Z');
const DAY = 86_400_000;
const trial = (endsIn: number, aboactif = endsIn > 0) => ({
  abo: { source: 'trial' as const, status: 'trialing', currentPeriodEnd: new Date(NOW + endsIn).toISOString(), cancelAtPeriodEnd: true },
  aboactif,
});

describe('free trial in the pages', () => {
  it('counts the days left, a started day counting as one', () => {
    expect(trialDaysLeft(trial(14 * DAY), NOW)).toBe(14);
    expect(trialDaysLeft(trial(14 * DAY - 1000), NOW)).toBe(14);
    expect(trialDaysLeft(trial(0.1 * DAY), NOW)).toBe(1);
    expect(trialDaysLeft(trial(-1000, false), NOW)).toBeNull();
    // Not a trial: a paid subscription, or none.
    expect(trialDaysLeft({ abo: { ...trial(DAY).abo, source: 'stripe' }, aboactif: true }, NOW)).toBeNull();
    expect(trialDaysLeft(null, NOW)).toBeNull();
  });

  it('says them in French', () => {
    expect(trialDaysLeftLabel(12)).toBe('12\u00a0jours d’essai restants');
    expect(trialDaysLeftLabel(1)).toBe('1\u00a0jour d’essai restant');
  });

  it('tells an ended trial from an ended subscription, on the account page and the offer', () => {
    expect(trialEnded(trial(-DAY, false))).toBe(true);
    expect(trialEnded(trial(DAY))).toBe(false);
    expect(describeAbo(trial(-DAY, false))).toMatchObject({ label: 'Essai terminé', active: false });
    expect(describeAbo(trial(3 * DAY))).toMatchObject({ label: 'Essai gratuit', active: true });
    expect(offerReason('abonnement-inactif', true)).toBe(
      'Votre essai gratuit est terminé\u00a0: abonnez-vous pour retrouver vos outils et vos données enregistrées.',
    );
    expect(offerReason('abonnement-inactif')).toMatch(/n’est plus actif/);
  });
});

import { addMonths } from '@immoloupe/shared/calendar-date';
import { describe, expect, it } from 'vitest';
import { extendedEnd, readCheckoutSession, readInvoice, readSubscription } from './subscriptions.logic.js';

describe('reading Stripe objects', () => {
  it('reads the period end from the subscription items (API 2025+) or the subscription (older)', () => {
    const newer = readSubscription({
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ current_period_end: 1_800_000_000 }, { current_period_end: 1_800_000_100 }] },
      metadata: { userId: 'u1' },
    });
    expect(newer).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      currentPeriodEnd: new Date(1_800_000_100_000),
      cancelAtPeriodEnd: false,
      userId: 'u1',
    });
    const older = readSubscription({ id: 'sub_2', customer: { id: 'cus_2' }, status: 'past_due', current_period_end: 1_700_000_000 });
    expect(older.customerId).toBe('cus_2');
    expect(older.currentPeriodEnd).toEqual(new Date(1_700_000_000_000));
    expect(older.userId).toBeNull();
  });

  it('reads a checkout session and an invoice in either API shape', () => {
    expect(
      readCheckoutSession({ id: 'cs_1', mode: 'subscription', client_reference_id: 'u1', customer: 'cus_1', subscription: 'sub_1' }),
    ).toEqual({
      id: 'cs_1',
      mode: 'subscription',
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(readInvoice({ customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_9' } } })).toEqual({
      customerId: 'cus_1',
      subscriptionId: 'sub_9',
    });
    expect(readInvoice({ customer: 'cus_1', subscription: 'sub_8' }).subscriptionId).toBe('sub_8');
  });
});

describe('manual periods', () => {
  it('adds months, clamped to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });

  it('extends from the current end when it is ahead, from now otherwise', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(extendedEnd(new Date('2026-07-01T00:00:00Z'), now, 1).toISOString()).toBe('2026-08-01T00:00:00.000Z');
    expect(extendedEnd(new Date('2026-01-01T00:00:00Z'), now, 1).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(extendedEnd(null, now, 12).toISOString()).toBe('2027-06-01T00:00:00.000Z');
  });
});

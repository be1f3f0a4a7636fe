/**
 * Reading Stripe objects into our subscription state. Webhook payloads follow the API version
 * of the endpoint, which may be older or newer than the SDK's: the fields that moved between
 * versions (period end on the subscription or on its items; an invoice's subscription at the
 * top or under `parent`) are read from either place.
 */
import { addMonths } from '@immoloupe/shared/calendar-date';
import { z } from 'zod';

export interface StripeSubscriptionState {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  userId: string | null;
}

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

const subscriptionSchema = z.object({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: z.number().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().nullish() })) }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export function readSubscription(object: unknown): StripeSubscriptionState {
  const sub = subscriptionSchema.parse(object);
  const itemEnds = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const end = sub.current_period_end ?? (itemEnds.length ? Math.max(...itemEnds) : null);
  return {
    id: sub.id,
    customerId: sub.customer,
    status: sub.status,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    userId: sub.metadata?.userId ?? null,
  };
}

const checkoutSchema = z.object({
  id: z.string(),
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export function readCheckoutSession(object: unknown) {
  const s = checkoutSchema.parse(object);
  return {
    id: s.id,
    mode: s.mode,
    userId: s.client_reference_id ?? s.metadata?.userId ?? null,
    customerId: s.customer ?? null,
    subscriptionId: s.subscription ?? null,
  };
}

const invoiceSchema = z.object({
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf.nullish() }).nullish() }).nullish(),
});

export function readInvoice(object: unknown): { customerId: string | null; subscriptionId: string | null } {
  const inv = invoiceSchema.parse(object);
  return { customerId: inv.customer ?? null, subscriptionId: inv.subscription ?? inv.parent?.subscription_details?.subscription ?? null };
}

/** A manual grant or extension starts from the current end when it is still ahead, from now otherwise. */
export function extendedEnd(currentEnd: Date | null, now: Date, months: number): Date {
  const base = currentEnd && currentEnd > now ? currentEnd : now;
  return addMonths(base, months);
}

/**
 * The Stripe client, built from the configuration; null when online payment is not configured.
 * STRIPE_API_HOST/PORT/PROTOCOL point it at a local fake in tests (the SDK supports them).
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { type Config, stripeConfigured } from '../config.js';
import { HttpError } from '../http/errors.js';
import type { Logger } from '../logger.js';

const require = createRequire(import.meta.url);

export function createStripe(config: Config): Stripe | null {
  if (!stripeConfigured(config) || !config.STRIPE_SECRET_KEY) return null;
  // Loaded here, not at the top: the SDK takes a third of a second to load, and a process without
  // online payment (most tests, a server without Stripe keys) never needs it.
  const StripeSdk = require('stripe') as typeof Stripe;
  return new StripeSdk(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Immoloupe' },
  });
}

export const PAYMENT_NOT_CONFIGURED =
  'Le paiement en ligne n’est pas configuré sur ce serveur. Écrivez-nous depuis la page Contact\u00a0: un administrateur peut ouvrir votre abonnement.';

export const PAYMENT_UNAVAILABLE =
  'Le paiement est indisponible pour le moment\u00a0: Stripe, notre prestataire de paiement, ne répond pas. Réessayez dans quelques minutes\u00a0; rien n’a été débité ni changé sur votre compte.';

/**
 * A call to Stripe whose failure on Stripe's side (unreachable, 5xx, rate limit, refused key) is
 * told to the user as « paiement indisponible » (503) rather than a bare 500; the cause is logged.
 */
export async function callStripe<T>(log: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const e = error as { type?: unknown; statusCode?: unknown; code?: unknown; message?: unknown };
    if (typeof e.type !== 'string' || !e.type.startsWith('Stripe')) throw error;
    log.error('stripe unavailable', { what, type: e.type, statusCode: e.statusCode, code: e.code, reason: e.message });
    throw new HttpError(503, PAYMENT_UNAVAILABLE);
  }
}

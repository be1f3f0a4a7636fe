/**
 * The Stripe client, built from the configuration; null when online payment is not configured.
 * STRIPE_API_HOST/PORT/PROTOCOL point it at a local fake in tests (the SDK supports them).
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { type Config, stripeConfigured } from '../config.js';

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

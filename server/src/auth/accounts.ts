/**
 * The accounts, wired once per app: Auth.js, the Stripe webhook, the session reader that sets
 * `req.user`, and the Stripe client and mailer the account, keys, billing and administration
 * routes share. `app.ts` mounts each piece, and those routers, at its place in the pipeline.
 */
import type { SessionUser } from '@immoloupe/shared/app-context';
import type { NavigationOptions } from '@immoloupe/shared/navigation';
import type { Request, RequestHandler } from 'express';
import type Stripe from 'stripe';
import { createStripe } from '../billing/stripe-client.js';
import { stripeWebhookRoute } from '../billing/webhook.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { authHandlers } from './auth-js.js';
import { createMailer, type Mailer } from './mail.js';
import { resolveAuthSecret } from './secret.js';
import { sessionReader } from './session-reader.js';

export function navigationOptions(config: Config): NavigationOptions {
  return {
    loginPage: config.AUTH_LOGIN_PAGE,
    addRedirectQuery: config.AUTH_REDIRECT_QUERY,
    allow404WithoutAuth: config.AUTH_ALLOW_404_WITHOUT_AUTH,
    signedInRedirect: '/',
  };
}

export interface Accounts {
  /** Mounted at /api/auth. */
  authJs: RequestHandler[];
  /** POST /api/stripe/webhook, before any JSON body parser. */
  stripeWebhook: RequestHandler[];
  /** Sets req.user; before the API and the pages. */
  sessionReader: RequestHandler;
  /** The Stripe client the billing, account and administration routes share (null: payments off). */
  stripe: Stripe | null;
  /** The account e-mails' transport, also the contact form's. */
  mailer: Mailer;
  /** The signed-in user as the pages see it (SSR), or null (signed out, or server-side auth off). */
  sessionUser(req: Request): SessionUser | null;
}

export function createAccounts(deps: { config: Config; db: Db; log: Logger; mailer?: Mailer }): Accounts {
  const { config, db, log } = deps;
  let secretPromise: Promise<string> | undefined;
  const secret = () => {
    secretPromise ??= resolveAuthSecret(db, config.AUTH_SECRET).catch((err) => {
      secretPromise = undefined;
      throw err;
    });
    return secretPromise;
  };
  const stripe = createStripe(config);
  const mailer = deps.mailer ?? createMailer(config, log);
  return {
    authJs: authHandlers({ config, db, log, secret }),
    stripeWebhook: stripeWebhookRoute({ config, db, log, stripe }),
    sessionReader: sessionReader({ db, secret }),
    stripe,
    mailer,
    sessionUser(req) {
      if (!config.AUTH_SERVER_SIDE || !req.user) return null;
      return { email: req.user.email, role: req.user.role, client: req.user.client ?? null };
    },
  };
}

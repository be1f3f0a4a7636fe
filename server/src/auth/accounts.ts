/**
 * The accounts feature, wired once per app: Auth.js, the Stripe webhook, the session reader
 * that sets `req.user`, and the JSON routes (account, keys, billing, administration, session
 * reload). `app.ts` mounts each piece at its place in the request pipeline.
 */
import type { SessionUser } from '@immoloupe/shared/app-context';
import type { NavigationOptions } from '@immoloupe/shared/navigation';
import express, { type Request, type RequestHandler } from 'express';
import { billingRoutes } from '../billing/routes.js';
import { createStripe } from '../billing/stripe-client.js';
import { stripeWebhookRoute } from '../billing/webhook.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { adminUserRoutes } from '../features/admin-users/routes.js';
import { keyRoutes } from '../features/keys/routes.js';
import type { Logger } from '../logger.js';
import { accountRoutes } from './account-routes.js';
import { authHandlers } from './auth-js.js';
import { createMailer, type Mailer } from './mail.js';
import { resolveAuthSecret } from './secret.js';
import { sessionReader } from './session-reader.js';
import { sessionReloadRoutes } from './session-reload-routes.js';

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
  /** The JSON routes, mounted in the /api router. */
  api: express.Router;
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
  const api = express.Router();
  api.use(accountRoutes({ config, db, log, mailer, stripe }));
  api.use(keyRoutes({ db }));
  api.use(billingRoutes({ config, db, log, stripe }));
  api.use(adminUserRoutes({ db, log, stripe }));
  api.use(sessionReloadRoutes({ log, navigation: navigationOptions(config) }));
  return {
    authJs: authHandlers({ config, db, log, secret }),
    stripeWebhook: stripeWebhookRoute({ config, db, log, stripe }),
    sessionReader: sessionReader({ db, secret }),
    api,
    sessionUser(req) {
      if (!config.AUTH_SERVER_SIDE || !req.user) return null;
      return { email: req.user.email, role: req.user.role, client: req.user.client ?? null };
    },
  };
}

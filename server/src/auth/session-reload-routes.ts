/**
 * `GET /api/session/reload?status=…&data=…&to=…&from=…` (SEED-SPEC §7), called when a signed-in
 * user lacks a subscription. The session is read afresh from the database (this request already
 * did); if the user may now open `from` (say the payment's webhook just arrived), they go back
 * there, otherwise to `to` (the offer). A browser navigating here is redirected; a script
 * asking for JSON gets the fresh session and the target.
 */
import { sessionReloadQuerySchema } from '@immoloupe/shared/accounts/contracts';
import { decideNavigation, type NavigationOptions, OFFER_PAGE, safeRedirectPath } from '@immoloupe/shared/navigation';
import express from 'express';
import type { Logger } from '../logger.js';

export function sessionReloadRoutes(deps: { log: Logger; navigation: NavigationOptions }): express.Router {
  const router = express.Router();
  router.get('/session/reload', (req, res) => {
    const query = sessionReloadQuerySchema.parse(req.query);
    const user = req.user;
    const from = safeRedirectPath(query.from, '/pro');
    const to = safeRedirectPath(query.to, OFFER_PAGE);
    const session = user
      ? { status: 'authenticated' as const, user: { email: user.email, role: user.role, client: user.client ?? null } }
      : { status: 'unauthenticated' as const, user: null };
    const decision = decideNavigation(from, session, deps.navigation);
    const target = decision.kind === 'allow' ? from : decision.kind === 'redirect' && !decision.external ? decision.to : to;
    deps.log.info('session reload', { user: user?.id, reason: query.data, status: query.status, from, target });
    res.set('Cache-Control', 'no-store');
    if (req.accepts(['html', 'json']) === 'json') {
      res.json({ status: session.status, user: session.user, to: target });
      return;
    }
    res.redirect(302, target);
  });
  return router;
}

/**
 * The navigation rules applied on the server while rendering (SEED-SPEC §4): called by the root
 * loader, it throws the redirect before any protected HTML is sent (302), the session reload
 * through `/api/session/reload` (a document navigation: it is an API address), or a 403.
 */
import type { AppContext, SessionUser } from '@immoloupe/shared/app-context';
import { decideNavigation, sessionReloadUrl } from '@immoloupe/shared/navigation';
import { redirect, redirectDocument } from 'react-router';
import { navigationOptions, serverNavigationSession } from './navigation';

/**
 * Throws the redirects; returns `forbidden` for an administration page opened by another account,
 * which the root renders with a 403 inside the pro layout (nothing is broken: not a fatal error).
 */
export function guardRequest(request: Request, user: SessionUser | null, ctx: Pick<AppContext, 'publicConfig'>): 'forbidden' | null {
  const accounts = ctx.publicConfig.accounts;
  // Server-side auth off: the page is rendered without the session, the browser applies the rules.
  if (accounts && !accounts.serverSideAuth) return null;
  const url = new URL(request.url);
  const decision = decideNavigation(`${url.pathname}${url.search}`, serverNavigationSession(user), navigationOptions(accounts), url.origin);
  switch (decision.kind) {
    case 'redirect':
      throw decision.external ? redirectDocument(decision.to) : redirect(decision.to);
    case 'reload-session':
      throw redirectDocument(sessionReloadUrl(decision.reload));
    case 'forbidden':
      return 'forbidden';
    case 'misconfigured':
      console.warn(decision.warning);
      return null;
    default:
      return null;
  }
}

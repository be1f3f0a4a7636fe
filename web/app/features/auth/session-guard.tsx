/**
 * The navigation rules in the browser after hydration (SEED-SPEC §4): when the session changes
 * (sign-out, a refresh finding it expired) or a page is opened, the same decision as on the
 * server: redirect, reload the profile, or reload the session and go to the offer. An external
 * target gets a full page load.
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { decideNavigation, sessionReloadUrl } from '@immoloupe/shared/navigation';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { sessionStore, useSession, useSessionRefresh } from '~/lib/session';
import { browserNavigationSession, navigationOptions } from './navigation';
import { externalRedirect } from './redirect';

export function SessionGuard() {
  useSessionRefresh();
  const { status, data } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const config = (useRouteLoaderData('root') as { publicConfig?: PublicConfig } | undefined)?.publicConfig;
  const fullPath = `${location.pathname}${location.search}`;

  useEffect(() => {
    let cancelled = false;
    // Just signed in or out: one navigation, to the page the form asked for.
    const next = sessionStore()?.takeNextPath();
    if (next && next !== fullPath) {
      navigate(next, { replace: true });
      return;
    }
    const decision = decideNavigation(
      fullPath,
      browserNavigationSession({ status, data }),
      navigationOptions(config?.accounts),
      window.location.origin,
    );
    switch (decision.kind) {
      case 'redirect':
        if (decision.external) void externalRedirect(decision.to);
        else navigate(decision.to, { replace: true });
        break;
      case 'load-profile': {
        const store = sessionStore();
        void store?.reload().then(async () => {
          if (decision.fetchClient && !cancelled) await store.fetchClient();
        });
        break;
      }
      case 'reload-session':
        void sessionStore()
          ?.reloadForSubscription(sessionReloadUrl(decision.reload), decision.reload.to)
          .then((target) => {
            if (!cancelled && target !== fullPath) navigate(target, { replace: true });
          });
        break;
      case 'misconfigured':
        console.warn(decision.warning);
        break;
      default:
        break;
    }
    return () => {
      cancelled = true;
    };
  }, [fullPath, status, data, config?.accounts, navigate]);
  return null;
}

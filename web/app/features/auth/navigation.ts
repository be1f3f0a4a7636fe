/**
 * Glue between the navigation rules (shared/src/navigation.ts) and the web app: the options
 * come from the public configuration, the session from the server (SSR) or the session store.
 */

import type { ClientRecord } from '@immoloupe/shared/accounts/contracts';
import type { AccountsPublicConfig, SessionUser } from '@immoloupe/shared/app-context';
import type { NavigationOptions, NavigationSession } from '@immoloupe/shared/navigation';
import type { SessionState } from '~/lib/session';

export function navigationOptions(accounts: AccountsPublicConfig | undefined): NavigationOptions {
  return {
    loginPage: accounts?.loginPage ?? '/abo/connexion',
    addRedirectQuery: accounts?.addRedirectQuery ?? true,
    allow404WithoutAuth: accounts?.allow404WithoutAuth ?? true,
    signedInRedirect: '/',
  };
}

export function serverNavigationSession(user: SessionUser | null): NavigationSession {
  if (!user) return { status: 'unauthenticated', user: null };
  return { status: 'authenticated', user: { email: user.email, role: user.role, client: user.client as ClientRecord | null } };
}

export function browserNavigationSession(session: Pick<SessionState, 'status' | 'data'>): NavigationSession {
  const user = session.data?.user;
  if (session.status !== 'authenticated' || !user)
    return { status: session.status === 'loading' ? 'loading' : 'unauthenticated', user: null };
  return { status: 'authenticated', user: { email: user.email, role: user.role, client: user.client } };
}

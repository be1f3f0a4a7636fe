/**
 * The signed-in user as the pages see it. Seam for the accounts feature: today it is the value
 * the server read during SSR (root loader); the session client replaces it.
 */
import type { SessionUser } from '@immoloupe/shared/app-context';
import { useRouteLoaderData } from 'react-router';

export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData('root') as { user?: SessionUser | null } | undefined;
  return data?.user ?? null;
}

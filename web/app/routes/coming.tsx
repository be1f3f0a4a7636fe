/** Shared page module of the spec routes whose tool a later issue delivers (see shared/src/routes.ts). */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { useLocation } from 'react-router';
import { ComingSoon } from '~/components/coming-soon';
import { specMetaFor } from '~/lib/meta';
import { pageNotFound } from '~/lib/route-errors';
import type { Route } from './+types/coming';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!findSpecRoute(url.pathname)) pageNotFound(url.pathname + url.search);
  return null;
}

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ComingPage() {
  const location = useLocation();
  const route = findSpecRoute(location.pathname);
  if (!route) return null;
  return <ComingSoon route={route} />;
}

/**
 * E-mail confirmation link `/abo/activate?token=…`. The route carries a validation check
 * (SEED-SPEC §5): a link without a well-formed token is a fatal "Page Not Found".
 */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { ComingSoon } from '~/components/coming-soon';
import { specMetaFor } from '~/lib/meta';
import { routeValidationError } from '~/lib/route-errors';
import type { Route } from './+types/abo.activate';

export const ACTIVATION_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!ACTIVATION_TOKEN.test(url.searchParams.get('token') ?? '')) routeValidationError(url.pathname);
  return null;
}

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ActivatePage() {
  const route = findSpecRoute('/abo/activate');
  return route ? <ComingSoon route={route} /> : null;
}

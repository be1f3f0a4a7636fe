import { useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '~/components/shell/error-screen';
import { NotFoundHint } from '~/components/shell/not-found-hint';
import { pageMeta } from '~/lib/meta';
import { describeError, pageNotFound } from '~/lib/route-errors';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return pageNotFound(url.pathname + url.search);
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: 'Page introuvable', noindex: true, path: location.pathname });

export default function NotFound() {
  // Not reached: the loader always throws, and the boundary below renders inside the layout.
  const location = useLocation();
  return (
    <ErrorScreen status={404} message={`Page not found: ${location.pathname}${location.search}`}>
      <NotFoundHint />
    </ErrorScreen>
  );
}

/** Non-fatal: the error is shown inside the page's layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { status, message } = describeError(error, false);
  return (
    <ErrorScreen status={status} message={message}>
      {status === 404 ? <NotFoundHint /> : null}
    </ErrorScreen>
  );
}

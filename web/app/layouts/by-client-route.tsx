/**
 * Layout route of /pro, /abo/* and /contact (the page-level rule of SEED-SPEC §2): the pro
 * layout when the signed-in user has a client record, paspro otherwise. The pro shell is loaded
 * only for those users, so visitors of /contact and /abo/* do not download it.
 */
import { resolveLayout } from '@immoloupe/shared/layout';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSessionUser } from '~/lib/session';
import { PasproLayout } from './paspro';

const ProLayout = lazy(() => import('./pro').then((m) => ({ default: m.ProLayout })));

export default function ByClientRoute() {
  const location = useLocation();
  const user = useSessionUser();
  const name = resolveLayout(location.pathname, { routeLayout: 'by-client', hasClient: Boolean(user?.client) });
  if (name === 'pro') {
    return (
      <Suspense fallback={null}>
        <ProLayout>
          <Outlet />
        </ProLayout>
      </Suspense>
    );
  }
  return (
    <PasproLayout>
      <Outlet />
    </PasproLayout>
  );
}

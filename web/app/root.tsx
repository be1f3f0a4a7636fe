import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app.css';
import type { AppContext } from '@immoloupe/shared/app-context';
import { LAYERS, THEME_PREFIX } from '@immoloupe/shared/constants';
import { resolveLayout } from '@immoloupe/shared/layout';
import { findSpecRoute } from '@immoloupe/shared/routes';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { ErrorScreen } from '~/components/shell/error-screen';
import { Forbidden } from '~/components/shell/forbidden';
import { UpdateNotice } from '~/components/shell/update-notice';
import { guardRequest } from '~/features/auth/guard.server';
import { SessionGuard } from '~/features/auth/session-guard';
import { DefaultLayout } from '~/layouts/default';
import { ProLayout } from '~/layouts/pro';
import { consentAllowedOn, startConsent, trackPageView } from '~/lib/consent';
import { frenchHiddenLabels } from '~/lib/french-hidden-labels';
import { hideLinkTokens } from '~/lib/link-token';
import { makeQueryClient, useCacheOwnedBy } from '~/lib/query-client';
import '@immoloupe/shared/zod-locale';
import '~/lib/dayjs';
import { isOwnSearch, rootShouldRevalidate } from '~/lib/root-revalidation';
import { describeError } from '~/lib/route-errors';
import { useSessionUser } from '~/lib/session';
import { cssVariablesResolver, theme } from '~/theme';
import type { Route } from './+types/root';

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context as unknown as AppContext;
  const user = await ctx.getSessionUser();
  // Navigation rules of SEED-SPEC §4: a redirect (302) before any protected HTML is sent.
  const forbidden = guardRequest(request, user, ctx) === 'forbidden';
  // A refused administration page keeps the root's data (the CSP nonce, the session): it is
  // rendered as a 403 inside the pro layout, with its menu, by the root component below.
  return data(
    {
      buildId: ctx.buildId,
      nonce: ctx.cspNonce,
      publicUrl: ctx.publicUrl,
      publicConfig: ctx.publicConfig,
      user,
      forbidden,
    },
    { status: forbidden ? 403 : 200 },
  );
}

/**
 * The root loader runs on every page change, so that the server checks the session each time; a
 * page replacing its own search parameters (a number typed, the map's view) does not re-read it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => rootShouldRevalidate(args, isOwnSearch(args.currentUrl, args.nextUrl));

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

type RootData = Route.ComponentProps['loaderData'];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const nonce = data?.nonce;
  // Made once per render tree: on the server, once per request; in the browser, once per visit.
  const [queryClient] = useState(makeQueryClient);
  return (
    <html lang="fr" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript defaultColorScheme="auto" nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          classNamesPrefix={THEME_PREFIX}
          defaultColorScheme="auto"
        >
          <QueryClientProvider client={queryClient}>
            <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>
          </QueryClientProvider>
          <Notifications position="top-right" zIndex={LAYERS.toast} />
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Browser-side services of the shell: update notice, consent and page views. */
function ShellServices({ root }: { root: RootData }) {
  const location = useLocation();
  useEffect(() => frenchHiddenLabels(), []);
  useEffect(() => {
    // Before any analytics script can read the address (decision 1320).
    hideLinkTokens();
    if (consentAllowedOn(location.pathname)) startConsent(root.publicConfig);
    trackPageView(root.publicConfig, location.pathname);
  }, [location.pathname, root.publicConfig]);
  return <UpdateNotice />;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const user = useSessionUser();
  useCacheOwnedBy(user?.email ?? null);
  const layout = resolveLayout(location.pathname, {
    routeLayout: findSpecRoute(location.pathname)?.layout,
    hasClient: Boolean(user?.client),
  });
  // The layout itself is rendered by the layout route of web/app/routes.ts, chosen by the same rules.
  return (
    <div id="app" data-layout={layout}>
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      {loaderData.forbidden ? (
        <ProLayout>
          <Forbidden message="Accès réservé aux administrateurs." />
        </ProLayout>
      ) : (
        <Outlet />
      )}
      <SessionGuard />
      <ShellServices root={loaderData} />
    </div>
  );
}

/** Fatal errors: the error screen replaces the page (SEED-SPEC §2). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { status, message } = describeError(error, import.meta.env.DEV);
  useEffect(() => {
    document.title = 'Erreur · Immoloupe';
  }, []);
  return (
    <div id="app" data-layout="default">
      <DefaultLayout>
        <ErrorScreen status={status} message={message} />
      </DefaultLayout>
    </div>
  );
}

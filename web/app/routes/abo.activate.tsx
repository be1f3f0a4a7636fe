/**
 * E-mail confirmation link `/abo/activate?token=…`. The route carries a validation check
 * (SEED-SPEC §5): a link without a well-formed token is a fatal "Page Not Found". A well-formed
 * one is sent to the server once the page is open (a mail scanner fetching the link does not
 * run the page's script).
 */
import { LINK_TOKEN, messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Busy } from '~/components/busy';
import { AboPage } from '~/features/auth/page-frame';
import { ResendActivation } from '~/features/auth/resend-activation';
import { apiFetch } from '~/lib/api';
import { specMetaFor } from '~/lib/meta';
import { errorText } from '~/lib/query-client';
import { routeValidationError } from '~/lib/route-errors';
import type { Route } from './+types/abo.activate';

export const ACTIVATION_TOKEN = LINK_TOKEN;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!ACTIVATION_TOKEN.test(url.searchParams.get('token') ?? '')) routeValidationError(url.pathname);
  return null;
}

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

/** An activation is sent once per token and visit, however often the page renders (React's strict mode, Back). */
const activation = (token: string) => ({
  queryKey: ['account', 'activate', token],
  queryFn: () => apiFetch('/api/account/activate', messageResponseSchema, { method: 'POST', body: JSON.stringify({ token }) }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

type State = { kind: 'pending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useQuery(activation(token));
  const state: State = q.data
    ? { kind: 'done', message: q.data.message }
    : q.error
      ? { kind: 'failed', message: errorText(q.error, 'Erreur inattendue. Réessayez.') ?? '' }
      : { kind: 'pending' };

  return (
    <AboPage title="Activation du compte">
      <Stack>
        {state.kind === 'pending' ? (
          <Stack align="center" gap="xs">
            <Busy size="sm" />
            <Text>Confirmation de votre adresse e-mail…</Text>
          </Stack>
        ) : (
          <Alert color={state.kind === 'done' ? 'teal' : 'red'} role="status" data-testid="activation-result">
            {state.message}
          </Alert>
        )}
        {state.kind !== 'pending' ? (
          <Button component={Link} to="/abo/connexion" variant={state.kind === 'done' ? 'filled' : 'default'}>
            Se connecter
          </Button>
        ) : null}
        {state.kind === 'failed' ? <ResendActivation initialEmail="" /> : null}
      </Stack>
    </AboPage>
  );
}

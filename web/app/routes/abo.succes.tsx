/**
 * `/abo/succes`: back from Stripe's payment page. The checkout is confirmed with Stripe (the
 * webhook may come a moment later) and the session reloaded, so the tools open at once.
 */
import { type ClientRecord, clientRecordSchema } from '@immoloupe/shared/accounts/contracts';
import { NBSP } from '@immoloupe/shared/format';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Busy } from '~/components/busy';
import { AboPage } from '~/features/auth/page-frame';
import { describeAbo } from '~/features/billing/subscription-state.logic';
import { apiFetch } from '~/lib/api';
import { specMetaFor } from '~/lib/meta';
import { errorText } from '~/lib/query-client';
import { useSession } from '~/lib/session';
import type { Route } from './+types/abo.succes';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  // Confirmed once per checkout session and visit (a POST to Stripe's sync), then the session reloaded.
  const q = useQuery({
    queryKey: ['stripe', 'confirm', sessionId],
    queryFn: async () => {
      const client = sessionId
        ? await apiFetch('/api/stripe/sync', clientRecordSchema, { method: 'POST', body: JSON.stringify({ sessionId }) })
        : await apiFetch('/api/stripe/auth', clientRecordSchema);
      await session.reload(true);
      return client;
    },
    enabled: signedIn,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const state: { kind: 'pending' } | { kind: 'done'; client: ClientRecord } | { kind: 'failed'; message: string } = q.data
    ? { kind: 'done', client: q.data }
    : q.error
      ? { kind: 'failed', message: errorText(q.error, 'Erreur inattendue.') ?? '' }
      : { kind: 'pending' };

  return (
    <AboPage title="Abonnement confirmé">
      <Stack>
        {!signedIn ? (
          <Text>
            Merci pour votre paiement. <Link to="/abo/connexion?redirect=%2Fpro">Connectez-vous</Link> pour accéder à vos outils.
          </Text>
        ) : state.kind === 'pending' ? (
          <Stack align="center" gap="xs">
            <Busy size="sm" />
            <Text>Confirmation du paiement auprès de Stripe…</Text>
          </Stack>
        ) : state.kind === 'failed' ? (
          <Alert color="yellow">{state.message} Votre paiement sera pris en compte dans quelques instants.</Alert>
        ) : state.client.aboactif ? (
          <Alert color="teal" data-testid="success-state">
            Merci{NBSP}! Votre abonnement est actif. {describeAbo(state.client).detail}
          </Alert>
        ) : (
          <Alert color="yellow" data-testid="success-state">
            Votre paiement est en cours de confirmation par Stripe. Actualisez cette page dans un instant.
          </Alert>
        )}
        <Button component={Link} to="/pro">
          Accéder à mes outils
        </Button>
      </Stack>
    </AboPage>
  );
}

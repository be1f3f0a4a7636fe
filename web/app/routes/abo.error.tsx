/** `/abo/error`: the payment did not go through (cancelled or refused at Stripe). */
import { NBSP } from '@immoloupe/shared/format';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AboPage } from '~/features/auth/page-frame';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/abo.error';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function PaymentErrorPage() {
  return (
    <AboPage title="Paiement non abouti">
      <Stack>
        <Text>Le paiement a été annulé ou refusé{NBSP}: aucun montant n’a été débité et votre abonnement n’a pas commencé.</Text>
        <Text size="sm" c="dimmed">
          Si votre banque a refusé la carte, essayez-en une autre ou contactez-la. Une question{NBSP}? Écrivez-nous.
        </Text>
        <Group>
          <Button component={Link} to="/abo/offre">
            Réessayer
          </Button>
          <Button component={Link} to="/contact" variant="default">
            Nous contacter
          </Button>
        </Group>
      </Stack>
    </AboPage>
  );
}
